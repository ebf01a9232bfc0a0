/** Create or edit a job in a drawer; server field errors land beside their fields. */
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Col, Divider, Form, Input, InputNumber, Radio, Row, Select, Space, Switch } from 'antd';
import type { FormInstance } from 'antd';
import { useCallback, useMemo } from 'react';
import { useApiErrorHandler } from '../../api/errors';
import { ApiError } from '../../api/http';
import { FormDrawer } from '../../components/FormDrawer';
import { TIME_ZONES } from '../../timeZones';
import { useAlertChannels } from '../alerts/useAlertChannels';
import { ruleLabel } from '../calendars/labels';
import { CALENDAR_RULES, type JobCalendar } from '../calendars/types';
import { useCalendars } from '../calendars/useCalendars';
import { jobsApi } from './api';
import {
  asksStatus,
  CALLS_PER_FIRE,
  isDiscovered,
  newJobValues,
  retryAfterStrategyChange,
  shardable,
  shardParamsOf,
  toFormValues,
  toJobRequest,
  type JobFormValues,
  watchesProgress,
} from './form';
import { DependsOnSelect } from './DependsOnSelect';
import { ScheduleHelper } from './ScheduleHelper';
import {
  BACKOFF_STRATEGIES,
  INSTANCE_CHOICES,
  MISFIRE_POLICIES,
  OVERLAP_POLICIES,
  STRATEGIES,
  TARGET_TYPES,
  type Job,
} from './types';
import { enumLabel, t } from '../../i18n';

interface Props {
  open: boolean;
  /** The job to edit; absent to create one. */
  job?: Job;
  onClose: () => void;
  onSaved?: (job: Job) => void;
  /** Debounce of the live schedule check (tests shorten it). */
  scheduleDebounceMs?: number;
}

/** Agent labels and selectors: 1 to 63 letters, digits, . _ - /, starting and ending with a letter or digit. */
const LABEL = /^[A-Za-z0-9]([A-Za-z0-9._/-]{0,61}[A-Za-z0-9])?$/;
const labelRules = () => [{ pattern: LABEL, message: t('jobs.labelSyntax') }];

function KeyValueList({
  name,
  label,
  addText,
  labelSyntax = false,
}: {
  name: (string | number)[];
  label: string;
  addText: string;
  /** Check keys and values as agent labels (a value may be empty). */
  labelSyntax?: boolean;
}) {
  return (
    <Form.Item label={label}>
      <Form.List name={name}>
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                <Form.Item
                  name={[field.name, 'key']}
                  rules={[{ required: true, message: t('jobs.keyRequired') }, ...(labelSyntax ? labelRules() : [])]}
                >
                  <Input placeholder={t('jobs.keyPlaceholder')} />
                </Form.Item>
                <Form.Item name={[field.name, 'value']} rules={labelSyntax ? labelRules() : []}>
                  <Input placeholder={t('jobs.value')} />
                </Form.Item>
                <MinusCircleOutlined aria-label={t('jobs.remove')} onClick={() => remove(field.name)} />
              </Space>
            ))}
            <Button type="dashed" onClick={() => add({ key: '', value: '' })} icon={<PlusOutlined />}>
              {addText}
            </Button>
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}

/** The job's alert rules: where alerts go, and which runs raise one. */
function AlertRules({ form }: { form: FormInstance<JobFormValues> }) {
  const channels = useAlertChannels();
  const rateOn = Form.useWatch(['alerts', 'failureRateOn'], form);
  return (
    <>
      <Form.Item label={t('common.alertChannels')} name={['alerts', 'channelIds']} tooltip={t('jobs.noChannelThisJobRaises')}>
        <Select
          mode="multiple"
          allowClear
          loading={channels.isLoading}
          placeholder={t('jobs.none')}
          options={(channels.data?.items ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.type})` }))}
        />
      </Form.Item>
      <Space wrap size="large" style={{ marginBottom: 12 }}>
        <Form.Item name={['alerts', 'onFailure']} valuePropName="checked" noStyle>
          <Checkbox>{t('jobs.onFinalFailure')}</Checkbox>
        </Form.Item>
        <Form.Item name={['alerts', 'onTimeout']} valuePropName="checked" noStyle>
          <Checkbox>{t('jobs.onTimeout')}</Checkbox>
        </Form.Item>
        <Form.Item name={['alerts', 'onRecovery']} valuePropName="checked" noStyle>
          <Checkbox>{t('jobs.whenItRecovers')}</Checkbox>
        </Form.Item>
        <Form.Item name={['alerts', 'failureRateOn']} valuePropName="checked" noStyle>
          <Checkbox>{t('jobs.onFailureRate')}</Checkbox>
        </Form.Item>
      </Space>
      {rateOn && (
        <Row gutter={16}>
          <Col xs={12} md={8}>
            <Form.Item label={t('jobs.failedShareAbove')} name={['alerts', 'failureRatePercent']} rules={[{ required: true }]}>
              <InputNumber min={0} max={100} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item label={t('jobs.overMinutes')} name={['alerts', 'windowMinutes']} rules={[{ required: true }]}>
              <InputNumber min={1} max={1440} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item label={t('jobs.atLeastRuns')} name={['alerts', 'minRuns']} rules={[{ required: true }]}>
              <InputNumber min={1} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      )}
    </>
  );
}

/** The department's business calendar the fires follow (or none), and how they follow it. */
function CalendarFields({ form }: { form: FormInstance<JobFormValues> }) {
  const calendars = useCalendars();
  const name = Form.useWatch('calendarName', form);
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item label={t('calendars.businessCalendar')} name="calendarName" tooltip={t('calendars.businessCalendarTip')}>
          <Select
            allowClear
            loading={calendars.isLoading}
            placeholder={t('jobs.none')}
            options={(calendars.data?.items ?? []).map((c) => ({ value: c.name, label: c.name }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('calendars.calendarRule')} name="calendarRule" tooltip={t('calendars.calendarRuleTip')}>
          <Select disabled={!name} options={CALENDAR_RULES.map((r) => ({ value: r, label: ruleLabel(r) }))} />
        </Form.Item>
      </Col>
    </Row>
  );
}

const backoffLabel = (strategy: (typeof BACKOFF_STRATEGIES)[number]) => t(strategy === 'FIXED' ? 'jobs.backoffFixed' : 'jobs.backoffExponential');

/**
 * Attempts and the wait before each retry: fixed, or exponential up to a maximum; jitter
 * draws each wait between (1 - jitter) times it and itself. The server checks the same bounds.
 */
function RetryFields({ form }: { form: FormInstance<JobFormValues> }) {
  const backoff = Form.useWatch(['retry', 'backoff'], form);
  const exponential = backoff === 'EXPONENTIAL';
  return (
    <>
      <Row gutter={16}>
        <Col xs={12} md={8}>
          <Form.Item label={t('jobs.maxAttempts')} name={['retry', 'maxAttempts']} rules={[{ required: true }]}>
            <InputNumber min={1} max={10} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item
            label={t('jobs.backoff')}
            name={['retry', 'backoff']}
            tooltip={t('jobs.fixedTheSameWaitBefore')}
          >
            <Radio.Group
              optionType="button"
              options={BACKOFF_STRATEGIES.map((b) => ({ value: b, label: backoffLabel(b) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item
            label={exponential ? t('jobs.firstBackoffS') : t('jobs.retryBackoffS')}
            name={['retry', 'backoffSeconds']}
            rules={[{ required: true }]}
          >
            <InputNumber min={exponential ? 1 : 0} max={3600} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        {exponential && (
          <>
            <Col xs={12} md={8}>
              <Form.Item
                label={t('jobs.multiplier')}
                name={['retry', 'multiplier']}
                rules={[
                  { required: true },
                  {
                    validator: (_, v: number | null) =>
                      v == null || (v > 1 && v <= 10) ? Promise.resolve() : Promise.reject(new Error(t('jobs.above1AtMost10'))),
                  },
                ]}
              >
                <InputNumber min={1} max={10} step={0.5} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item
                label={t('jobs.maxBackoffS')}
                name={['retry', 'maxBackoffSeconds']}
                dependencies={[['retry', 'backoffSeconds']]}
                rules={[
                  { required: true },
                  ({ getFieldValue }) => ({
                    validator: (_, v: number | null) =>
                      v == null || v >= (getFieldValue(['retry', 'backoffSeconds']) ?? 0)
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('jobs.atLeastTheFirstBackoff'))),
                  }),
                ]}
              >
                <InputNumber min={1} max={86400} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </>
        )}
        <Col xs={12} md={8}>
          <Form.Item
            label={t('jobs.jitter')}
            name={['retry', 'jitter']}
            tooltip={t('jobs.shareOfEachWaitThat')}
            rules={[{ required: true }]}
          >
            <InputNumber min={0} max={1} step={0.1} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

/** The job's `calendar.name` and `calendar.rule` are edited as the form's calendarName and calendarRule. */
function onCalendarFields(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.fieldErrors.some((e) => e.field.startsWith('calendar'))) return error;
  const fields: Record<string, string> = { calendar: 'calendarName', 'calendar.name': 'calendarName', 'calendar.rule': 'calendarRule' };
  return new ApiError(
    error.status,
    error.title,
    error.detail,
    error.fieldErrors.map((e) => ({ ...e, field: fields[e.field] ?? e.field })),
  );
}

export function JobFormDrawer({ open, job, onClose, onSaved, scheduleDebounceMs }: Props) {
  const [form] = Form.useForm<JobFormValues>();
  const queryClient = useQueryClient();
  const handleError = useApiErrorHandler();
  const initialValues = useMemo(() => (job ? toFormValues(job) : newJobValues()), [job]);
  const schedule = Form.useWatch('schedule', form);
  const timeZone = Form.useWatch('timeZone', form);
  const targetType = Form.useWatch(['target', 'type'], form);
  const targetUrl = Form.useWatch(['target', 'url'], form);
  const targetMode = Form.useWatch(['target', 'mode'], form);
  const callsPerFire = Form.useWatch(['target', 'callsPerFire'], form);
  const calendarName = Form.useWatch('calendarName', form);
  const calendarRule = Form.useWatch('calendarRule', form);
  const dependsOn = Form.useWatch('dependsOn', form);
  const hasUpstreams = (dependsOn?.length ?? 0) > 0;
  const calendar: JobCalendar | null = calendarName ? { name: calendarName, rule: calendarRule ?? 'WORKING_DAYS_ONLY' } : null;

  const save = useMutation({
    mutationFn: (values: JobFormValues) =>
      job ? jobsApi.update(job.id, toJobRequest(values, job.version, Boolean(job.calendar))) : jobsApi.create(toJobRequest(values)),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: ['jobs'] });
      onSaved?.(saved);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        handleError(
          new ApiError(409, t('jobs.changedBySomeoneElse'), t('jobs.thisJobWasChanged')),
        );
        return;
      }
      handleError(onCalendarFields(error), form);
    },
  });

  const onScheduleChecked = useCallback(
    (error: string | null) => {
      form.setFields([{ name: 'schedule', errors: error ? [error] : [] }]);
    },
    [form],
  );

  return (
    <FormDrawer title={job ? t('common.editName', { name: job.name }) : t('jobs.newJob')} open={open} width={720} form={form} saving={save.isPending} onClose={onClose}>
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(v) => save.mutate(v)}
        onValuesChange={(changed: Partial<JobFormValues>) => {
          if (changed.retry?.backoff) form.setFieldValue('retry', retryAfterStrategyChange(form.getFieldValue('retry')));
        }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label={t('common.name')} name="name" rules={[{ required: true, message: t('jobs.aJobNeedsAName') }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('common.enabled')} name="enabled" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={t('common.description')} name="description">
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label={t('jobs.owner')} name="owner" tooltip={t('jobs.theUserAnswerableForThe')}>
              <Input placeholder={job?.owner ?? t('jobs.you')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('jobs.contact')} name="contact" rules={[{ type: 'email', message: t('jobs.anEMailAddressName') }]}>
              <Input placeholder={t('jobs.teamExampleCom')} />
            </Form.Item>
          </Col>
        </Row>
        <KeyValueList name={['labels']} label={t('jobs.labelsToFindTheJob')} addText={t('jobs.addJobLabel')} labelSyntax />
        <Form.Item
          label={t('jobs.dependsOn')}
          name="dependsOn"
          tooltip={t('jobs.dependsOnTip')}
        >
          <DependsOnSelect self={job?.name} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={14}>
            <Form.Item
              label={t('common.schedule')}
              name="schedule"
              dependencies={['dependsOn']}
              rules={[{ required: !hasUpstreams, message: t('jobs.aJobNeedsASchedule') }]}
              tooltip={t('jobs.scheduleExamples')}
              extra={hasUpstreams ? t('jobs.emptyRunsWhenUpstreamsSucceeded') : undefined}
            >
              <Input placeholder="*/5 * * * *" />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item label={t('common.timeZone')} name="timeZone" rules={[{ required: true }]}>
              <Select showSearch options={TIME_ZONES.map((z) => ({ value: z, label: z }))} />
            </Form.Item>
          </Col>
        </Row>
        <CalendarFields form={form} />
        <div style={{ marginTop: -8, marginBottom: 16 }}>
          <ScheduleHelper
            schedule={schedule}
            timeZone={timeZone}
            calendar={calendar}
            onValidated={onScheduleChecked}
            debounceMs={scheduleDebounceMs}
          />
        </div>

        <Divider orientation="left">{t('jobs.target')}</Divider>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label={t('common.type')} name={['target', 'type']} rules={[{ required: true }]}>
              <Radio.Group options={[...TARGET_TYPES]} optionType="button" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('jobs.mode')} name={['target', 'mode']} tooltip={t('jobs.asyncTheTargetAcceptsAnd')}>
              <Radio.Group options={['SYNC', 'ASYNC']} optionType="button" />
            </Form.Item>
          </Col>
        </Row>
        {targetType === 'SHELL' ? (
          <Form.Item label={t('jobs.command')} name={['target', 'command']} rules={[{ required: true, message: t('jobs.aShellTargetNeedsA') }]}>
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} style={{ fontFamily: 'monospace' }} />
          </Form.Item>
        ) : (
          <>
            <Row gutter={16}>
              {targetType === 'HTTP' && (
                <Col xs={24} md={6}>
                  <Form.Item label={t('jobs.method')} name={['target', 'method']}>
                    <Select options={['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => ({ value: m }))} />
                  </Form.Item>
                </Col>
              )}
              <Col xs={24} md={targetType === 'HTTP' ? 18 : 24}>
                <Form.Item
                  label={targetType === 'GRPC' ? t('common.address') : t('jobs.url')}
                  name={['target', 'url']}
                  rules={[{ required: true, message: t('jobs.whereToCall') }]}
                >
                  <Input placeholder={targetType === 'GRPC' ? t('jobs.grpcAddressExample') : t('jobs.httpUrlExample')} />
                </Form.Item>
              </Col>
            </Row>
            {isDiscovered({ type: targetType, url: targetUrl }) && (
              <Form.Item label={t('jobs.instanceChoice')} name={['target', 'instanceChoice']} tooltip={t('jobs.instanceChoiceTip')}>
                <Radio.Group options={INSTANCE_CHOICES.map((c) => ({ value: c, label: enumLabel('instanceChoice', c) }))} optionType="button" />
              </Form.Item>
            )}
            {shardable({ type: targetType, url: targetUrl, mode: targetMode }) && (
              <>
                <Form.Item label={t('jobs.callsPerFire')} name={['target', 'callsPerFire']} tooltip={t('jobs.callsPerFireTip')}>
                  <Radio.Group options={CALLS_PER_FIRE.map((c) => ({ value: c, label: enumLabel('callsPerFire', c) }))} optionType="button" />
                </Form.Item>
                {callsPerFire === 'SHARDS' && (
                  <Row gutter={16}>
                    <Col xs={24} md={6}>
                      <Form.Item label={t('jobs.shardCount')} name={['target', 'shards']} rules={[{ required: true, type: 'number', min: 2, max: 100 }]}>
                        <InputNumber min={2} max={100} precision={0} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={18}>
                      <Form.Item
                        label={t('jobs.shardParams')}
                        name={['target', 'shardParams']}
                        tooltip={t('jobs.shardParamsTip')}
                        dependencies={[['target', 'shards']]}
                        rules={[
                          ({ getFieldValue }) => ({
                            validator(_, value?: string) {
                              const count = shardParamsOf(value).length;
                              const shards = getFieldValue(['target', 'shards']) as number | undefined;
                              return count === 0 || shards == null || count === shards
                                ? Promise.resolve()
                                : Promise.reject(new Error(t('jobs.shardParamsCount', { count, shards })));
                            },
                          }),
                        ]}
                      >
                        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} style={{ fontFamily: 'monospace' }} />
                      </Form.Item>
                    </Col>
                  </Row>
                )}
                {(callsPerFire === 'SHARDS' || callsPerFire === 'BROADCAST') && (
                  <Form.Item
                    label={t('jobs.shardsTimeout')}
                    name={['target', 'shardsTimeoutSeconds']}
                    tooltip={t('jobs.shardsTimeoutTip')}
                    rules={[{ type: 'number', min: 1, max: 86400 }]}
                  >
                    <InputNumber min={1} max={86400} precision={0} placeholder={t('jobs.progressTimeoutNone')} style={{ width: 200 }} />
                  </Form.Item>
                )}
              </>
            )}
            {asksStatus({ type: targetType, mode: targetMode }) && (
              <Form.Item
                label={t('jobs.statusUrl')}
                name={['target', 'statusUrl']}
                tooltip={t(targetType === 'GRPC' ? 'jobs.statusUrlTipGrpc' : 'jobs.statusUrlTip')}
              >
                <Input placeholder={t(targetType === 'GRPC' ? 'jobs.statusUrlExampleGrpc' : 'jobs.statusUrlExample')} />
              </Form.Item>
            )}
            {watchesProgress({ type: targetType, url: targetUrl, mode: targetMode }) && (
              <Form.Item
                label={t('jobs.progressTimeout')}
                name={['target', 'progressTimeoutSeconds']}
                tooltip={t('jobs.progressTimeoutTip')}
                dependencies={['timeoutSeconds']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator(_, value?: number | null) {
                      const timeout = getFieldValue('timeoutSeconds') as number | undefined;
                      return value == null || (value >= 1 && (timeout == null || value <= timeout))
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('jobs.progressTimeoutRange', { timeout: timeout ?? '' })));
                    },
                  }),
                ]}
              >
                <InputNumber min={1} precision={0} placeholder={t('jobs.progressTimeoutNone')} style={{ width: 200 }} />
              </Form.Item>
            )}
            <KeyValueList name={['target', 'headers']} label={t('jobs.headers')} addText={t('jobs.addHeader')} />
            <Form.Item label={t('jobs.body')} name={['target', 'body']} tooltip={t('jobs.bodyTemplates')}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} style={{ fontFamily: 'monospace' }} />
            </Form.Item>
          </>
        )}
        <Form.Item label={t('jobs.successCodes')} name={['target', 'successCodes']} tooltip={t('jobs.empty2xxHttpOrExit')}>
          <Select mode="tags" tokenSeparators={[',', ' ']} placeholder={t('jobs.successCodesExample')} />
        </Form.Item>

        <Divider orientation="left">{t('common.running')}</Divider>
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Form.Item label={t('jobs.timeoutS')} name="timeoutSeconds" rules={[{ required: true }]}>
              <InputNumber min={1} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label={t('jobs.misfirePolicy')} name="misfirePolicy">
              <Select options={MISFIRE_POLICIES.map((p) => ({ value: p, label: enumLabel('misfire', p) }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label={t('jobs.overlapPolicy')} name="overlapPolicy">
              <Select options={OVERLAP_POLICIES.map((p) => ({ value: p, label: enumLabel('overlap', p) }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label={t('jobs.assignment')} name={['assignment', 'strategy']}>
              <Select
                options={[{ value: 'DEFAULT', label: t('jobs.clusterDefaultOption') }, ...STRATEGIES.map((s) => ({ value: s, label: enumLabel('strategy', s) }))]}
              />
            </Form.Item>
          </Col>
        </Row>
        <RetryFields form={form} />
        <KeyValueList name={['assignment', 'labels']} label={t('jobs.runOnlyOnAgentsLabelled')} addText={t('jobs.addLabel')} labelSyntax />

        <Divider orientation="left">{t('common.alerts')}</Divider>
        <AlertRules form={form} />

        <Divider orientation="left">{t('common.retention')}</Divider>
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Form.Item label={t('jobs.keepRunsDays')} name={['retention', 'days']} tooltip={t('jobs.emptyThePlatformDefault30')}>
              <InputNumber min={1} max={3650} precision={0} placeholder={t('jobs.default')} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label={t('jobs.keepAtMostRuns')} name={['retention', 'maxCount']} tooltip={t('jobs.theNewestThisManyFinished')}>
              <InputNumber min={1} max={1000000} precision={0} placeholder={t('jobs.default')} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </FormDrawer>
  );
}
