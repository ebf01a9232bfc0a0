import { GlobalOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { t, useLang, type Lang } from '.';

/** Each language named in itself, so whoever cannot read the current one still finds theirs. */
const NAMES: Record<Lang, string> = { en: 'English', 'zh-CN': '简体中文' };

/** Picks the dashboard's language; the choice is remembered in this browser. */
export function LanguageSwitcher() {
  const { lang, setLang } = useLang();
  return (
    <Select<Lang>
      aria-label={t('lang.switch')}
      data-testid="language-switcher"
      value={lang}
      onChange={setLang}
      variant="borderless"
      suffixIcon={<GlobalOutlined />}
      popupMatchSelectWidth={false}
      options={(Object.keys(NAMES) as Lang[]).map((value) => ({ value, label: NAMES[value] }))}
    />
  );
}
