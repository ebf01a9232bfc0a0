import { Button, Drawer, Space } from 'antd';
import type { FormInstance } from 'antd';
import type { ReactNode } from 'react';

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
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            Save
          </Button>
        </Space>
      }
    >
      {children}
    </Drawer>
  );
}
