import fs from 'node:fs';
import path from 'node:path';

/** A fenced code block a document marks as runnable: ```js test or ```sh test. */
export interface DocBlock {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  language: 'js' | 'sh';
  code: string;
}

const FENCE = /^```(js|sh) test\s*$/;

/** The runnable blocks of the README and of every Markdown file under docs/, in reading order. */
export function runnableBlocks(root: string): DocBlock[] {
  const docs = fs.existsSync(path.join(root, 'docs'))
    ? fs
        .readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.md'))
        .sort()
        .map((f) => path.join('docs', f))
    : [];
  return ['README.md', ...docs].flatMap((file) => blocksOf(file, fs.readFileSync(path.join(root, file), 'utf8')));
}

function blocksOf(file: string, text: string): DocBlock[] {
  const blocks: DocBlock[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]);
    if (!open) continue;
    const end = lines.findIndex((l, j) => j > i && l.startsWith('```'));
    if (end < 0) throw new Error(`${file}:${i + 1}: a runnable block is never closed`);
    blocks.push({ file, line: i + 1, language: open[1] as 'js' | 'sh', code: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return blocks;
}
