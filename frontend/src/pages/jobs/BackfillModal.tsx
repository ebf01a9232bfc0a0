/**
 * "Backfill": a run for every instant of the job's schedule in a past range, alone or with
 * its dependents, some instants at once. The server counts the instants and answers the new
 * backfill, which the job page's Backfills card then follows.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Checkbox, DatePicker, Form, Input, InputNumber, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useApiErrorHandler } from '../../api/errors';
import { ApiError } from '../../api/http';
import { backfillsApi } from '../workflows/api';
import type { BackfillRequest } from '../workflows/types';
import type { Job } from './types';
import { t } from '../../i18n';

interface Props {
  job: (Pick<Job, 'id' | 'name'> & Partial<Pick<Job, 'dependents'>>) | null;
  onClose: () => void;
}

interface BackfillValues {
  range?: [Dayjs | null, Dayjs | null] | null;
  withDependents?: boolean;
  parallelism?: number | null;
  params?: string;
}

/** The last hours or days up to now, read when picked (not when the dialog opened). */
// one "now" for both ends: two clocks read a millisecond apart made a range of 3 days and 1 ms
const lastDays = (days: number) => (): [Dayjs, Dayjs] => {
  const now = dayjs();
  return [now.subtract(days, 'day'), now];
};

/**
 * The server names `from` and `to`; the form shows both ends in one picker, so their errors
 * go beside it, each saying which end it is about.
 */
function onRange(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const ends: Record<string, string> = { from: t('backfills.from'), to: t('backfills.to') };
  return new ApiError(
    error.status,
    error.title,
    error.detail,
    error.fieldErrors.map((e) => (e.field in ends ? { field: 'range', message: t('backfills.endError', { end: ends[e.field]!, message: e.message }) } : e)),
  );
}

export function BackfillModal({ job, onClose }: Props) {
  const [form] = Form.useForm<BackfillValues>();
  const { message } = App.useApp();
  const handleError = useApiErrorHandler();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: ({ id, request }: { id: Job['id']; request: BackfillRequest }) => backfillsApi.create(id, request),
    onSuccess: (backfill) => {
      void queryClient.invalidateQueries({ queryKey: ['backfills'] });
      message.success(t('backfills.startedCount', { count: backfill.total }));
      onClose();
    },
    onError: (e) => handleError(onRange(e), form),
  });
  const start = async () => {
    if (!job || create.isPending) return;
    let values: BackfillValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is missing
    }
    const [from, to] = values.range ?? [];
    if (!from || !to) return;
    const params = values.params?.trim();
    create.mutate({
      id: job.id,
      request: {
        from: from.toISOString(),
        to: to.toISOString(),
        ...(values.withDependents ? { withDependents: true } : {}),
        parallelism: values.parallelism ?? 1,
        ...(params ? { params } : {}),
      },
    });
  };
  const dependents = job?.dependents ?? [];
  return (
    <Modal
      title={job ? t('backfills.backfillName', { name: job.name }) : ''}
      open={job !== null}
      onCancel={onClose}
      onOk={() => void start()}
      okText={t('backfills.start')}
      confirmLoading={create.isPending}
      forceRender
      afterClose={() => form.resetFields()}
    >
      <Form form={form} layout="vertical" initialValues={{ parallelism: 1 }} onFinish={() => void start()}>
        <Form.Item
          label={t('backfills.range')}
          name="range"
          extra={t('backfills.rangeHelp')}
          rules={[
            { required: true, message: t('backfills.pickRange') },
            {
              validator: (_, range: BackfillValues['range']) =>
                range?.[1] && range[1].isAfter(dayjs()) ? Promise.reject(new Error(t('backfills.toInFuture'))) : Promise.resolve(),
            },
          ]}
        >
          <DatePicker.RangePicker
            showTime
            style={{ width: '100%' }}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            placeholder={[t('backfills.from'), t('backfills.to')]}
            presets={[
              { label: t('backfills.last24Hours'), value: lastDays(1) },
              { label: t('backfills.lastNDays', { count: 3 }), value: lastDays(3) },
              { label: t('backfills.lastNDays', { count: 7 }), value: lastDays(7) },
            ]}
          />
        </Form.Item>
        {dependents.length > 0 && (
          <Form.Item name="withDependents" valuePropName="checked" extra={t('backfills.withDependentsHelp', { names: dependents.join(', ') })}>
            <Checkbox>{t('backfills.withDependents')}</Checkbox>
          </Form.Item>
        )}
        <Form.Item label={t('backfills.parallelism')} name="parallelism" extra={t('backfills.parallelismHelp')}>
          <InputNumber min={1} max={16} precision={0} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item label={t('common.params')} name="params" tooltip={t('jobs.passedToTheTargetAs')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} placeholder={t('jobs.paramsExample')} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
