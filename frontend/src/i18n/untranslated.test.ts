import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanSource, type Finding } from './scan';

// vitest runs in frontend/ (package.json's scripts)
const src = join(process.cwd(), 'src');

/**
 * Text that stays the same in every language, each with its reason. Keep it tiny: anything
 * a user reads as a word goes through t().
 */
const ALLOWED: { file: string; text: string; reason: string }[] = [
  { file: 'layout/AppLayout.tsx', text: "'Crony'", reason: 'the product name' },
  { file: 'layout/AppLayout.tsx', text: "'C'", reason: 'the product name folded to its initial' },
  { file: 'pages/login/LoginPage.tsx', text: 'Crony', reason: 'the product name' },
];

/** The dashboard's code: not its tests, not the test helpers, not the string tables. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    if (path === join(src, 'i18n', 'en.ts') || path === join(src, 'i18n', 'zh.ts')) return [];
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('untranslated text', () => {
  it('no page, layout or component shows text outside t()', () => {
    const findings: Finding[] = sourceFiles(src).flatMap((path) =>
      scanSource(relative(src, path), readFileSync(path, 'utf8')).filter(
        (f) => !ALLOWED.some((a) => a.file === f.file && a.text === f.text),
      ),
    );
    expect(findings.map((f) => `${f.file}:${f.line} ${f.text}`)).toEqual([]);
  });

  it('every allowed entry is still used (a stale one would hide nothing, but mislead)', () => {
    const unused = ALLOWED.filter((a) => !scanSource(a.file, readFileSync(join(src, a.file), 'utf8')).some((f) => f.text === a.text));
    expect(unused).toEqual([]);
  });

  // The scan itself: it must catch what it is for, or the test above proves nothing.
  it('catches text in JSX, user-facing props, object keys, table cells and message calls', () => {
    const source = `
      export function Page({ n }: { n: number }) {
        message.success('Saved');
        const columns = [{ title: 'Name', dataIndex: 'name', render: (v: boolean) => (v ? 'yes' : 'no') }];
        const rules = [{ required: true, message: \`Enter \${n}\` }];
        return (
          <div title="Tip" data-testid="not-user-text" className="x">
            Hello
            <Switch aria-label={\`\${n ? 'off' : 'on'} \${n}\`} />
            <Button aria-label={n ? 'Open' : 'Close'}>{n > 1 ? 'many' : t('one')}</Button>
            <Input placeholder={t('key')} />
            {'—'}
          </div>
        );
      }`;
    expect(scanSource('x.tsx', source).map((f) => f.text)).toEqual([
      "'Saved'",
      "'Name'",
      "'yes'",
      "'no'",
      '`Enter ${n}`',
      '"Tip"',
      'Hello',
      "'off'",
      "'on'",
      "'Open'",
      "'Close'",
      "'many'",
    ]);
  });
});
