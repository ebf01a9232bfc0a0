import { ApartmentOutlined } from '@ant-design/icons';
import { Select, Space } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthProvider';
import { paths } from '../paths';
import { t } from '../i18n';

/**
 * The department the dashboard works in, chosen among the user's memberships. A change
 * goes to the overview: the page shown may be a job or a run of the department just left.
 */
export function DepartmentSwitcher() {
  const { user, switchDepartment } = useAuth();
  const navigate = useNavigate();
  if (!user || user.departments.length === 0) return null;
  return (
    <Space size={4}>
      <ApartmentOutlined aria-hidden />
      <Select
        aria-label={t('layout.department')}
        value={user.department?.name}
        placeholder={t('layout.department')}
        style={{ minWidth: 120, maxWidth: 200 }}
        popupMatchSelectWidth={false}
        showSearch={user.departments.length > 8}
        optionFilterProp="value"
        // a department's name is data, as typed (the browser tests' check for English skips it)
        options={user.departments.map((d) => ({ value: d.name, title: d.name, label: <span data-literal>{d.name}</span> }))}
        onChange={(name: string) => {
          if (name === user.department?.name) return;
          switchDepartment(name);
          navigate(paths.overview);
        }}
      />
    </Space>
  );
}
