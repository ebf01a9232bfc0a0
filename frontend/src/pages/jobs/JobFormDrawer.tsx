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
import { CALENDAR_RULE_LABELS, CALENDAR_RULES, type JobCalendar } from '../calendars/types';
import { useCalendars } from '../calendars/useCalendars';
import { jobsApi } from './api';
import { newJobValues, retryAfterStrategyChange, toFormValues, toJobRequest, type JobFormValues } from './form';
import { ScheduleHelper } from './ScheduleHelper';
import {
  BACKOFF_STRATEGIES,
  MISFIRE_POLICIES,
  OVERLAP_POLICIES,
  STRATEGIES,
  TARGET_TYPES,
  type Job,
} from './types';

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
const LABEL_MESSAGE = '1-63 letters, digits, . _ - /';
const LABEL_RULES = [{ pattern: LABEL, message: LABEL_MESSAGE }];

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
                  rules={[{ required: true, message: 'Key' }, ...(labelSyntax ? LABEL_RULES : [])]}
                >
                  <Input placeholder="key" />
                </Form.Item>
                <Form.Item name={[field.name, 'value']} rules={labelSyntax ? LABEL_RULES : []}>
                  <Input placeholder="value" />
                </Form.Item>
                <MinusCircleOutlined aria-label="remove" onClick={() => remove(field.name)} />
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
      <Form.Item label="Alert channels" name={['alerts', 'channelIds']} tooltip="No channel: this job raises no alerts">
        <Select
          mode="multiple"
          allowClear
          loading={channels.isLoading}
          placeholder="None"
          options={(channels.data?.items ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.type})` }))}
        />
      </Form.Item>
      <Space wrap size="large" style={{ marginBottom: 12 }}>
        <Form.Item name={['alerts', 'onFailure']} valuePropName="checked" noStyle>
          <Checkbox>On final failure</Checkbox>
        </Form.Item>
        <Form.Item name={['alerts', 'onTimeout']} valuePropName="checked" noStyle>
          <Checkbox>On timeout</Checkbox>
        </Form.Item>
        <Form.Item name={['alerts', 'onRecovery']} valuePropName="checked" noStyle>
          <Checkbox>When it recovers</Checkbox>
        </Form.Item>
        <Form.Item name={['alerts', 'failureRateOn']} valuePropName="checked" noStyle>
          <Checkbox>On failure rate</Checkbox>
        </Form.Item>
      </Space>
      {rateOn && (
        <Row gutter={16}>
          <Col xs={12} md={8}>
            <Form.Item label="Failed share above (%)" name={['alerts', 'failureRatePercent']} rules={[{ required: true }]}>
              <InputNumber min={0} max={100} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item label="Over (minutes)" name={['alerts', 'windowMinutes']} rules={[{ required: true }]}>
              <InputNumber min={1} max={1440} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item label="At least (runs)" name={['alerts', 'minRuns']} rules={[{ required: true }]}>
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
        <Form.Item
          label="Business calendar"
          name="calendarName"
          tooltip="The department's working days and holidays; none: the schedule alone decides"
        >
          <Select
            allowClear
            loading={calendars.isLoading}
            placeholder="None"
            options={(calendars.data?.items ?? []).map((c) => ({ value: c.name, label: c.name }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          label="Calendar rule"
          name="calendarRule"
          tooltip="Working days only: fire only on working days. Skip holidays: fire on every day but a holiday. Move: a fire on a day off fires on the next (or previous) working day instead"
        >
          <Select disabled={!name} options={CALENDAR_RULES.map((r) => ({ value: r, label: CALENDAR_RULE_LABELS[r] }))} />
        </Form.Item>
      </Col>
    </Row>
  );
}

const BACKOFF_LABELS: Record<(typeof BACKOFF_STRATEGIES)[number], string> = { FIXED: 'Fixed', EXPONENTIAL: 'Exponential' };

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
          <Form.Item label="Max attempts" name={['retry', 'maxAttempts']} rules={[{ required: true }]}>
            <InputNumber min={1} max={10} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item
            label="Backoff"
            name={['retry', 'backoff']}
            tooltip="Fixed: the same wait before every retry. Exponential: each wait is the previous one times the multiplier, up to the maximum."
          >
            <Radio.Group
              optionType="button"
              options={BACKOFF_STRATEGIES.map((b) => ({ value: b, label: BACKOFF_LABELS[b] }))}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item
            label={exponential ? 'First backoff (s)' : 'Retry backoff (s)'}
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
                label="Multiplier"
                name={['retry', 'multiplier']}
                rules={[
                  { required: true },
                  {
                    validator: (_, v: number | null) =>
                      v == null || (v > 1 && v <= 10) ? Promise.resolve() : Promise.reject(new Error('Above 1, at most 10')),
                  },
                ]}
              >
                <InputNumber min={1} max={10} step={0.5} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item
                label="Max backoff (s)"
                name={['retry', 'maxBackoffSeconds']}
                dependencies={[['retry', 'backoffSeconds']]}
                rules={[
                  { required: true },
                  ({ getFieldValue }) => ({
                    validator: (_, v: number | null) =>
                      v == null || v >= (getFieldValue(['retry', 'backoffSeconds']) ?? 0)
                        ? Promise.resolve()
                        : Promise.reject(new Error('At least the first backoff')),
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
            label="Jitter (0-1)"
            name={['retry', 'jitter']}
            tooltip="Share of each wait that is random: 0.2 waits between 80 % and 100 % of it, 1 anywhere up to it"
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
  const calendarName = Form.useWatch('calendarName', form);
  const calendarRule = Form.useWatch('calendarRule', form);
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
          new ApiError(409, 'Changed by someone else', 'This job was changed since you opened it. Close and reopen to edit the latest version.'),
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
    <FormDrawer title={job ? `Edit ${job.name}` : 'New job'} open={open} width={720} form={form} saving={save.isPending} onClose={onClose}>
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
            <Form.Item label="Name" name="name" rules={[{ required: true, message: 'A job needs a name' }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Enabled" name="enabled" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="Description" name="description">
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="Owner" name="owner" tooltip="The user answerable for the job. Empty: you, on a new job; the current owner on an edit">
              <Input placeholder={job?.owner ?? 'you'} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Contact" name="contact" rules={[{ type: 'email', message: 'An e-mail address, name@domain' }]}>
              <Input placeholder="team@example.com" />
            </Form.Item>
          </Col>
        </Row>
        <KeyValueList name={['labels']} label="Labels (to find the job, e.g. team=pay)" addText="Add job label" labelSyntax />
        <Row gutter={16}>
          <Col xs={24} md={14}>
            <Form.Item
              label="Schedule"
              name="schedule"
              rules={[{ required: true, message: 'A job needs a schedule' }]}
              tooltip="*/5 * * * * (Unix), 0 */5 * * * ? (Quartz, seconds first), @hourly, @every 30s, @at 2026-12-01T10:00:00"
            >
              <Input placeholder="*/5 * * * *" />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item label="Time zone" name="timeZone" rules={[{ required: true }]}>
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

        <Divider orientation="left">Target</Divider>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="Type" name={['target', 'type']} rules={[{ required: true }]}>
              <Radio.Group options={[...TARGET_TYPES]} optionType="button" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Mode" name={['target', 'mode']} tooltip="ASYNC: the target accepts, and reports the result later through an SDK">
              <Radio.Group options={['SYNC', 'ASYNC']} optionType="button" />
            </Form.Item>
          </Col>
        </Row>
        {targetType === 'SHELL' ? (
          <Form.Item label="Command" name={['target', 'command']} rules={[{ required: true, message: 'A shell target needs a command' }]}>
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} style={{ fontFamily: 'monospace' }} />
          </Form.Item>
        ) : (
          <>
            <Row gutter={16}>
              {targetType === 'HTTP' && (
                <Col xs={24} md={6}>
                  <Form.Item label="Method" name={['target', 'method']}>
                    <Select options={['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => ({ value: m }))} />
                  </Form.Item>
                </Col>
              )}
              <Col xs={24} md={targetType === 'HTTP' ? 18 : 24}>
                <Form.Item
                  label={targetType === 'GRPC' ? 'Address' : 'URL'}
                  name={['target', 'url']}
                  rules={[{ required: true, message: 'Where to call' }]}
                >
                  <Input placeholder={targetType === 'GRPC' ? 'static://host:9090/handler or discovery:///service' : 'http://host/path or lb://service/path'} />
                </Form.Item>
              </Col>
            </Row>
            <KeyValueList name={['target', 'headers']} label="Headers" addText="Add header" />
            <Form.Item label="Body" name={['target', 'body']} tooltip="Templates: ${executionId}, ${scheduledAt}, ${params}">
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} style={{ fontFamily: 'monospace' }} />
            </Form.Item>
          </>
        )}
        <Form.Item label="Success codes" name={['target', 'successCodes']} tooltip="Empty: 2xx (HTTP) or exit code 0 (shell)">
          <Select mode="tags" tokenSeparators={[',', ' ']} placeholder="e.g. 200, 202" />
        </Form.Item>

        <Divider orientation="left">Running</Divider>
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Form.Item label="Timeout (s)" name="timeoutSeconds" rules={[{ required: true }]}>
              <InputNumber min={1} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Misfire policy" name="misfirePolicy">
              <Select options={MISFIRE_POLICIES.map((p) => ({ value: p }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Overlap policy" name="overlapPolicy">
              <Select options={OVERLAP_POLICIES.map((p) => ({ value: p }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Assignment" name={['assignment', 'strategy']}>
              <Select
                options={[{ value: 'DEFAULT', label: 'Cluster default' }, ...STRATEGIES.map((s) => ({ value: s }))]}
              />
            </Form.Item>
          </Col>
        </Row>
        <RetryFields form={form} />
        <KeyValueList name={['assignment', 'labels']} label="Run only on agents labelled" addText="Add label" labelSyntax />

        <Divider orientation="left">Alerts</Divider>
        <AlertRules form={form} />

        <Divider orientation="left">Retention</Divider>
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Form.Item label="Keep runs (days)" name={['retention', 'days']} tooltip="Empty: the platform default (30 days unless set otherwise)">
              <InputNumber min={1} max={3650} precision={0} placeholder="default" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Keep at most (runs)" name={['retention', 'maxCount']} tooltip="The newest this many finished runs are kept. Empty: the platform default">
              <InputNumber min={1} max={1000000} precision={0} placeholder="default" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </FormDrawer>
  );
}
