/**
 * CKEditor 5 model content as markdown (what the model reads as the selection's structure) and as plain
 * text. Written against the few members of the model it reads, so it runs on any model fragment or
 * element and is testable without an editor.
 */

/** A model node, as far as this module reads it. */
export interface ModelNodeLike {
  is(type: string, name?: string): boolean;
  getAttribute(key: string): unknown;
}
export interface ModelTextLike extends ModelNodeLike {
  readonly data: string;
}
export interface ModelElementLike extends ModelNodeLike {
  readonly name: string;
  getChildren(): Iterable<ModelNodeLike>;
}
export interface ModelParentLike {
  getChildren(): Iterable<ModelNodeLike>;
}

const HEADING = /^heading([1-6])$/;

/** Markdown of the given model content: headings, lists, quotes, code blocks, tables, bold/italic/code/links. */
export function modelToMarkdown(parent: ModelParentLike): string {
  return blocks([...parent.getChildren()], true)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Plain text of the given model content: one line per block, blocks apart by a blank line. */
export function modelToText(parent: ModelParentLike): string {
  return blocks([...parent.getChildren()], false)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function isElement(node: ModelNodeLike): node is ModelElementLike {
  return node.is('element');
}

function blocks(nodes: readonly ModelNodeLike[], markdown: boolean): string {
  const out: string[] = [];
  const numbers = new Map<number, number>();
  let previousWasList = false;
  for (const node of nodes) {
    if (!isElement(node)) {
      // Text straight in a fragment (a selection inside one block): inline content.
      out.push(inline([node], markdown));
      continue;
    }
    const listType = node.getAttribute('listType');
    if (typeof listType === 'string' && node.getAttribute('listItemId') !== undefined) {
      const indent = Number(node.getAttribute('listIndent') ?? 0) || 0;
      for (const level of numbers.keys()) if (level > indent) numbers.delete(level);
      const number = (numbers.get(indent) ?? 0) + 1;
      numbers.set(indent, listType === 'numbered' ? number : 0);
      const marker = !markdown
        ? listType === 'numbered'
          ? `${number}.`
          : '•'
        : listType === 'numbered'
          ? `${number}.`
          : listType === 'todo'
            ? node.getAttribute('todoListChecked')
              ? '- [x]'
              : '- [ ]'
            : '-';
      const line = `${'   '.repeat(indent)}${marker} ${block(node, markdown)}`;
      out.push(previousWasList ? `\n${line}` : `${out.length ? '\n\n' : ''}${line}`);
      previousWasList = true;
      continue;
    }
    numbers.clear();
    previousWasList = false;
    const text = block(node, markdown);
    if (text !== '') out.push(`${out.length ? '\n\n' : ''}${text}`);
  }
  return out.join('');
}

function block(element: ModelElementLike, markdown: boolean): string {
  const children = [...element.getChildren()];
  const heading = HEADING.exec(element.name);
  if (heading)
    return markdown ? `${'#'.repeat(Number(heading[1]))} ${inline(children, true)}` : inline(children, false);
  switch (element.name) {
    case 'blockQuote': {
      const inner = blocks(children, markdown);
      return markdown ? inner.replace(/^/gm, '> ') : inner;
    }
    case 'codeBlock': {
      const code = children.map((child) => (child.is('element', 'softBreak') ? '\n' : textOf(child))).join('');
      if (!markdown) return code;
      const fence = code.includes('```') ? '~~~' : '```';
      const language = element.getAttribute('language');
      return `${fence}${typeof language === 'string' && language !== 'plaintext' ? language : ''}\n${code}\n${fence}`;
    }
    case 'table':
      return table(children.filter(isElement), markdown);
    case 'horizontalLine':
      return markdown ? '---' : '';
    case 'imageBlock':
    case 'imageInline': {
      const alt = element.getAttribute('alt');
      return typeof alt === 'string' ? (markdown ? `![${escape(alt)}]()` : alt) : '';
    }
    default:
      // paragraph, and any element with inline content; containers (e.g. a div) read as blocks.
      return children.some((child) => isElement(child) && !INLINE_ELEMENTS.has(child.name))
        ? blocks(children, markdown)
        : inline(children, markdown);
  }
}

const INLINE_ELEMENTS = new Set(['softBreak', 'imageInline']);

function table(rows: readonly ModelElementLike[], markdown: boolean): string {
  const cells = rows.map((row) =>
    [...row.getChildren()].filter(isElement).map((cell) =>
      // One line per cell; a `|` in the text is escaped with the rest of the markers.
      blocks([...cell.getChildren()], markdown).replace(/\n+/g, ' '),
    ),
  );
  if (!markdown) return cells.map((row) => row.join('\t')).join('\n');
  const width = Math.max(0, ...cells.map((row) => row.length));
  if (width === 0) return '';
  const line = (row: readonly string[]) => `| ${Array.from({ length: width }, (_, i) => row[i] ?? '').join(' | ')} |`;
  const [head = [], ...body] = cells;
  return [line(head), line(Array.from({ length: width }, () => '---')), ...body.map(line)].join('\n');
}

function textOf(node: ModelNodeLike): string {
  return 'data' in node && typeof node.data === 'string' ? node.data : '';
}

/** Characters markdown would read as syntax, escaped in the editor's own text. */
function escape(text: string): string {
  return text.replace(/([\\`*_[\]<>#|~])/g, '\\$1');
}

/**
 * A link's address as a markdown destination: brackets and white space percent-encoded, so that an
 * unbalanced `)` or a space does not end it (`encodeURIComponent` leaves brackets as they are).
 */
function destination(href: string): string {
  return href.replace(/[()\s]/g, (c) => (c === '(' ? '%28' : c === ')' ? '%29' : encodeURIComponent(c)));
}

function inline(nodes: readonly ModelNodeLike[], markdown: boolean): string {
  let out = '';
  for (const node of nodes) {
    if (node.is('element', 'softBreak')) {
      out += markdown ? '  \n' : '\n';
      continue;
    }
    if (isElement(node)) {
      out += block(node, markdown);
      continue;
    }
    const data = textOf(node);
    if (!markdown) {
      out += data;
      continue;
    }
    if (node.getAttribute('code')) {
      out += data.includes('`') ? `\`\` ${data} \`\`` : `\`${data}\``;
      continue;
    }
    // Markers wrap the words, not the spaces around them (`**a** b`, never `**a **b`).
    const [, lead = '', core = '', trail = ''] = /^(\s*)([\s\S]*?)(\s*)$/.exec(data) ?? [];
    let text = escape(core);
    if (text !== '') {
      if (node.getAttribute('strikethrough')) text = `~~${text}~~`;
      if (node.getAttribute('italic')) text = `*${text}*`;
      if (node.getAttribute('bold')) text = `**${text}**`;
      const href = node.getAttribute('linkHref');
      if (typeof href === 'string' && href !== '') text = `[${text}](${destination(href)})`;
    }
    out += `${lead}${text}${trail}`;
  }
  return out;
}
