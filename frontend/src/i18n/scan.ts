/**
 * Finds user-visible text written straight into the dashboard's JSX instead of going
 * through t(): letters in JSX text, and string literals in the props and object keys
 * that antd shows to the user (a column's title, a rule's message, a confirm's okText...).
 *
 * It parses with oxc (rolldown/utils, which vite brings): TypeScript 7, the project's
 * compiler, has no JavaScript parser API.
 */
import { parseSync } from 'rolldown/utils';

/** Props and object keys whose string value the user reads. */
export const USER_PROPS = new Set([
  'title',
  'subTitle',
  'placeholder',
  'label',
  'okText',
  'cancelText',
  'tooltip',
  'message',
  'description',
  'content',
  'aria-label',
  'help',
  'extra',
  'emptyText',
  'alt',
  'addonBefore',
  'addonAfter',
  'checkedChildren',
  'unCheckedChildren',
  'text',
  'header',
  // the dashboard's own components' props
  'addText',
]);

/** antd's `message` API: `message.success('Saved')` shows its argument. */
const MESSAGE_METHODS = new Set(['success', 'error', 'info', 'warning', 'loading', 'open']);

export interface Finding {
  file: string;
  line: number;
  text: string;
  /** Offsets of the text in the source. */
  start: number;
  end: number;
}

const LETTERS = /\p{L}/u;

// oxc's AST is ESTree-shaped; only the few fields read here are typed.
interface Node {
  type: string;
  start: number;
  [field: string]: unknown;
}

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && typeof (v as Node).type === 'string';

/** The literal text an expression evaluates to without calling anything (t() calls are fine). */
function literalTexts(node: unknown): Node[] {
  if (!isNode(node)) return [];
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' && LETTERS.test(node.value) ? [node] : [];
    case 'TemplateLiteral':
      return (node.quasis as Node[]).some((q) => LETTERS.test(String((q.value as { cooked?: string }).cooked ?? '')))
        ? [node]
        : (node.expressions as Node[]).flatMap(literalTexts);
    case 'ConditionalExpression':
      return [...literalTexts(node.consequent), ...literalTexts(node.alternate)];
    case 'LogicalExpression':
      return [...literalTexts(node.left), ...literalTexts(node.right)];
    case 'BinaryExpression':
      return node.operator === '+' ? [...literalTexts(node.left), ...literalTexts(node.right)] : [];
    case 'ParenthesizedExpression':
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
      return literalTexts(node.expression);
    default:
      return [];
  }
}

function textOf(source: string, node: Node): string {
  return node.type === 'JSXText' ? String(node.value).trim().replace(/\s+/g, ' ') : source.slice(node.start, node.end as number);
}

function keyName(key: unknown): string | null {
  if (!isNode(key)) return null;
  if (key.type === 'Identifier' || key.type === 'JSXIdentifier') return String(key.name);
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return null;
}

/** Every untranslated text in one .ts or .tsx file. */
export function scanSource(file: string, source: string): Finding[] {
  const parsed = parseSync(file, source, { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' });
  if (parsed.errors.length > 0) throw new Error(`${file}: ${parsed.errors[0]!.message}`);
  const lineStarts = [0];
  for (let i = 0; i < source.length; i++) if (source[i] === '\n') lineStarts.push(i + 1);
  const lineOf = (offset: number) => {
    let line = 0;
    while (line + 1 < lineStarts.length && lineStarts[line + 1]! <= offset) line++;
    return line + 1;
  };
  const found: Node[] = [];

  const visit = (node: Node) => {
    switch (node.type) {
      case 'JSXText':
        if (LETTERS.test(String(node.value))) found.push(node);
        break;
      case 'JSXElement':
      case 'JSXFragment':
        for (const child of node.children as Node[]) if (child.type === 'JSXExpressionContainer') found.push(...literalTexts(child.expression));
        break;
      case 'JSXAttribute': {
        const name = keyName(node.name);
        if (name && USER_PROPS.has(name)) {
          const value = node.value as Node | null;
          found.push(...literalTexts(value?.type === 'JSXExpressionContainer' ? value.expression : value));
        }
        break;
      }
      case 'Property': {
        const name = node.computed ? null : keyName(node.key);
        if (name && USER_PROPS.has(name)) found.push(...literalTexts(node.value));
        // a table column's cell: `render: (v) => (v ? 'yes' : 'no')`
        const value = node.value as Node;
        if (name === 'render' && value.type === 'ArrowFunctionExpression' && (value.body as Node).type !== 'BlockStatement') found.push(...literalTexts(value.body));
        break;
      }
      case 'CallExpression': {
        const callee = node.callee as Node;
        if (callee.type === 'MemberExpression' && keyName(callee.object) === 'message' && MESSAGE_METHODS.has(keyName(callee.property) ?? '')) {
          found.push(...literalTexts((node.arguments as Node[])[0]));
        }
        break;
      }
    }
    for (const [field, value] of Object.entries(node)) {
      if (field === 'parent') continue;
      if (Array.isArray(value)) {
        for (const item of value) if (isNode(item)) visit(item);
      } else if (isNode(value)) visit(value);
    }
  };
  visit(parsed.program as unknown as Node);

  const seen = new Set<number>();
  return found
    .filter((n) => !seen.has(n.start) && seen.add(n.start))
    .sort((a, b) => a.start - b.start)
    .map((n) => ({ file, line: lineOf(n.start), text: textOf(source, n), start: n.start, end: n.end as number }));
}
