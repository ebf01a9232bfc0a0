/** Create or edit an alert channel. The secret is write-only: shown as set, never read back. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Col, Form, Input, InputNumber, Radio, Row, Select, Switch } from 'antd';
import { useApiErrorHandler } from '../../api/errors';
import { FormDrawer } from '../../components/FormDrawer';
import { alertsApi } from './api';
import { CHANNEL_TYPES, MAIL_SECURITIES, type Channel, type ChannelRequest, type ChannelType } from './types';
import { t } from '../../i18n';

interface Props {
  /** The channel to edit; absent to create one. */
  channel?: Channel;
  onClose: () => void;
}

type Values = Omit<ChannelRequest, 'secret'> & { secret?: string };

const secretLabel = (type: ChannelType) => t(type === 'MAIL' ? 'alerts.smtpPassword' : 'alerts.signingSecret');

function toRequest(values: Values): ChannelRequest {
  const c = values.config ?? {};
  const config =
    values.type === 'MAIL'
      ? {
          host: c.host?.trim(),
          port: c.port,
          username: c.username?.trim() || null,
          security: c.security,
          from: c.from?.trim(),
          to: (c.to ?? []).map((t) => t.trim()).filter(Boolean),
        }
      : { url: c.url?.trim() };
  return {
    name: values.name.trim(),
    type: values.type,
    enabled: values.enabled,
    platform: values.platform,
    language: values.language ?? 'en',
    config,
    // an empty secret field on edit keeps the stored secret
    ...(values.secret ? { secret: values.secret } : {}),
  };
}

export function ChannelFormDrawer({ channel, onClose }: Props) {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const handleError = useApiErrorHandler();
  const type = Form.useWatch('type', form) ?? channel?.type ?? 'WEBHOOK';
  const save = useMutation({
    mutationFn: (values: Values) =>
      channel ? alertsApi.updateChannel(channel.id, toRequest(values)) : alertsApi.createChannel(toRequest(values)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['alert-channels'] });
      onClose();
    },
    onError: (e) => handleError(e, form),
  });
  const initialValues: Values = channel
    ? { name: channel.name, type: channel.type, enabled: channel.enabled, platform: channel.platform, language: channel.language ?? 'en', config: { ...channel.config } }
    : { name: '', type: 'WEBHOOK', enabled: true, platform: false, language: 'en', config: { port: 587, security: 'STARTTLS', to: [] } };

  return (
    <FormDrawer title={channel ? t('common.editName', { name: channel.name }) : t('alerts.newAlertChannel')} width={560} form={form} saving={save.isPending} onClose={onClose}>
      <Form form={form} layout="vertical" initialValues={initialValues} onFinish={(v) => save.mutate(v)}>
        <Form.Item label={t('common.name')} name="name" rules={[{ required: true, message: t('alerts.aChannelNeedsAName') }]}>
          <Input />
        </Form.Item>
        <Form.Item label={t('common.type')} name="type" rules={[{ required: true }]}>
          <Radio.Group options={[...CHANNEL_TYPES]} optionType="button" disabled={channel !== undefined} />
        </Form.Item>
        {type === 'MAIL' ? (
          <>
            <Row gutter={16}>
              <Col xs={24} md={16}>
                <Form.Item label={t('alerts.smtpHost')} name={['config', 'host']} rules={[{ required: true, message: t('alerts.whereToSendFrom') }]}>
                  <Input placeholder={t('alerts.smtpExampleCom')} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item label={t('alerts.port')} name={['config', 'port']} rules={[{ required: true }]}>
                  <InputNumber min={1} max={65535} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item label={t('alerts.smtpUser')} name={['config', 'username']} tooltip={t('alerts.emptyNoAuthentication')}>
                  <Input autoComplete="off" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item label={t('alerts.security')} name={['config', 'security']}>
                  <Select options={MAIL_SECURITIES.map((s) => ({ value: s }))} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item label={t('common.from')} name={['config', 'from']} rules={[{ required: true, message: t('alerts.aSenderAddress') }]}>
              <Input placeholder={t('alerts.cronyExampleCom')} />
            </Form.Item>
            <Form.Item label={t('alerts.to')} name={['config', 'to']} rules={[{ required: true, message: t('alerts.atLeastOneRecipient') }]}>
              <Select mode="tags" tokenSeparators={[',', ' ']} placeholder={t('alerts.opsExampleCom')} open={false} />
            </Form.Item>
          </>
        ) : (
          <Form.Item label={t('alerts.webhookUrl')} name={['config', 'url']} rules={[{ required: true, message: t('alerts.whereToPost') }]}>
            <Input placeholder={t('alerts.webhookExample')} />
          </Form.Item>
        )}
        <Form.Item
          label={secretLabel(type as ChannelType)}
          name="secret"
          extra={channel?.secretSet ? t('alerts.aSecretIsStoredLeave') : t('alerts.storedOnTheServerNever')}
        >
          <Input.Password autoComplete="new-password" placeholder={channel?.secretSet ? '••••••••' : undefined} />
        </Form.Item>
        <Form.Item label={t('alerts.messageLanguage')} name="language" tooltip={t('alerts.messageLanguageHint')}>
          <Select
            options={[
              { value: 'en', label: t('alerts.languageEnglish') },
              { value: 'zh-CN', label: t('alerts.languageChinese') },
            ]}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item label={t('common.enabled')} name="enabled" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label={t('alerts.platformAlerts')} name="platform" valuePropName="checked" tooltip={t('alerts.agentLostNoAgentAlive')}>
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </FormDrawer>
  );
}
