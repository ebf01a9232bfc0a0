/** Create or edit a business calendar: working weekdays, holidays and make-up working days, with the year drawn live. */
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Col, DatePicker, Divider, Form, Input, Row, Select, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useApiErrorHandler } from '../../api/errors';
import { ApiError } from '../../api/http';
import { FormDrawer } from '../../components/FormDrawer';
import { t, type MessageKey } from '../../i18n';
import { TIME_ZONES } from '../../timeZones';
import { calendarsApi } from './api';
import { shortDay } from './labels';
import { newCalendarValues, toCalendarRequest, toCalendarValues, toRanges, type CalendarFormValues } from './form';
import { WEEK_DAYS, type BusinessCalendar } from './types';
import { YearView } from './YearView';

interface Props {
  /** The calendar to edit; absent to create one. */
  calendar?: BusinessCalendar;
  onClose: () => void;
}

/** An editable list of day ranges, each a from–to pick and a name. */
const RANGE_ARIA: Record<'holidays' | 'workdays', { days: MessageKey; name: MessageKey; remove: MessageKey }> = {
  holidays: { days: 'calendars.holidayDays', name: 'calendars.holidayName', remove: 'calendars.removeHoliday' },
  workdays: { days: 'calendars.workdayDays', name: 'calendars.workdayName', remove: 'calendars.removeWorkday' },
};

function RangeList({ name, label, addText, tooltip }: { name: 'holidays' | 'workdays'; label: string; addText: string; tooltip: string }) {
  const aria = RANGE_ARIA[name];
  return (
    <Form.Item label={label} tooltip={tooltip}>
      <Form.List name={name}>
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, i) => (
              <Space key={field.key} align="baseline" wrap style={{ display: 'flex' }}>
                <Form.Item name={[field.name, 'days']} rules={[{ required: true, message: t('calendars.pickTheDays') }]}>
                  <DatePicker.RangePicker aria-label={t(aria.days, { index: i + 1 })} allowEmpty={[false, false]} />
                </Form.Item>
                <Form.Item name={[field.name, 'name']}>
                  <Input aria-label={t(aria.name, { index: i + 1 })} placeholder={t('calendars.rangeNamePlaceholder')} maxLength={100} />
                </Form.Item>
                <MinusCircleOutlined aria-label={t(aria.remove, { index: i + 1 })} onClick={() => remove(field.name)} />
              </Space>
            ))}
            <Button type="dashed" onClick={() => add({ name: '' })} icon={<PlusOutlined />}>
              {addText}
            </Button>
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}

/** The server names `holidays[0].to`; the form edits `holidays[0].days`. */
function onRangeFields(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const field = (f: string) => f.replace(/^(holidays|workdays)\[(\d+)\]\.(from|to)$/, '$1[$2].days');
  return new ApiError(error.status, error.title, error.detail, error.fieldErrors.map((e) => ({ ...e, field: field(e.field) })));
}

export function CalendarFormDrawer({ calendar, onClose }: Props) {
  const [form] = Form.useForm<CalendarFormValues>();
  const queryClient = useQueryClient();
  const handleError = useApiErrorHandler();
  const initialValues = useMemo(() => (calendar ? toCalendarValues(calendar) : newCalendarValues()), [calendar]);
  const [year, setYear] = useState(() => new Date().getFullYear());
  const workingDays = Form.useWatch('workingDays', form) ?? initialValues.workingDays;
  const holidays = Form.useWatch('holidays', form) ?? initialValues.holidays;
  const workdays = Form.useWatch('workdays', form) ?? initialValues.workdays;
  const drawn = useMemo(
    () => ({ workingDays, holidays: toRanges(holidays), workdays: toRanges(workdays) }),
    [workingDays, holidays, workdays],
  );

  const save = useMutation({
    mutationFn: (values: CalendarFormValues) =>
      calendar
        ? calendarsApi.update(calendar.id, toCalendarRequest(values, calendar.version))
        : calendarsApi.create(toCalendarRequest(values)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['calendars'] });
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        handleError(
          new ApiError(409, t('jobs.changedBySomeoneElse'), error.detail || t('calendars.calendarWasChanged')),
        );
        return;
      }
      handleError(onRangeFields(error), form);
    },
  });

  return (
    <FormDrawer title={calendar ? t('common.editName', { name: calendar.name }) : t('calendars.newCalendar')} width={760} form={form} saving={save.isPending} onClose={onClose}>
      <Form form={form} layout="vertical" initialValues={initialValues} onFinish={(v) => save.mutate(v)}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label={t('common.name')} name="name" rules={[{ required: true, message: t('calendars.nameRequired') }]} tooltip={t('calendars.nameTip')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('common.timeZone')} name="timeZone" tooltip={t('calendars.timeZoneTip')}>
              <Select allowClear showSearch placeholder={t('calendars.eachJobsTimeZone')} options={TIME_ZONES.map((z) => ({ value: z, label: z }))} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={t('common.description')} name="description">
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
        </Form.Item>
        <Form.Item label={t('calendars.workingDays')} name="workingDays" tooltip={t('calendars.workingDaysTip')}>
          <Checkbox.Group options={WEEK_DAYS.map((d) => ({ value: d, label: shortDay(d) }))} />
        </Form.Item>
        <RangeList name="holidays" label={t('calendars.holidays')} addText={t('calendars.addHoliday')} tooltip={t('calendars.holidaysTip')} />
        <RangeList
          name="workdays"
          label={t('calendars.makeUpWorkingDays')}
          addText={t('calendars.addMakeUpDay')}
          tooltip={t('calendars.makeUpTip')}
        />
        <Divider orientation="left">{t('calendars.yearAtAGlance')}</Divider>
        <YearView calendar={drawn} year={year} onYearChange={setYear} />
      </Form>
    </FormDrawer>
  );
}
