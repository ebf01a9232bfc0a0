import { Button, Drawer, Space } from 'antd';
import type { FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { t } from '../i18n';

interface Props {
  title: ReactNode;
  open?: boolean;
  /** Pixels on a wide screen; never wider than the screen. */
  width: number;
  /** The form Save submits. */
  form: FormInstance;
  saving: boolean;
  onClose: () => void;
  children: ReactNode;
}

/** A drawer around one form, with Cancel and Save (submits the form) at its top. */
export function FormDrawer({ title, open = true, width, form, saving, onClose, children }: Props) {
  return (
    <Drawer
      open={open}
      title={title}
      onClose={onClose}
      width={`min(${width}px, 100vw)`}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      {children}
    </Drawer>
  );
}
