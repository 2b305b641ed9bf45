import type { NativeCategory } from './structured-data.js';

/** A price at the end of a line: "12.50", "€12", "12,50 €", "¥980", "1.200 円", "CHF 18.-". */
const PRICE_AT_END =
  /(?:^|[\s.·…:_-])((?:[€£¥₩₹฿₺₪$]|R\$|CHF|USD|EUR|GBP|JPY)?\s?\d{1,3}(?:[.,\s]\d{3})*(?:[.,]\d{1,2})?(?:\.-)?\s?(?:€|£|¥|円|zł|Kč|kr|CHF|EUR|USD|GBP|JPY|\$)?)\s*$/;

/**
 * Lines of a menu (OCR of a photo, or the text of a menu page) into categories and items: a line ending in a
 * price is an item (dot leaders and dashes trimmed); a line without a price right after an item is its
 * description when it reads like one (lower-case start, a comma, or long); any other line without a price
 * starts a category.
 */
export function parseMenuLines(lines: string[]): NativeCategory[] {
  const categories: NativeCategory[] = [];
  let current: NativeCategory | null = null;
  let lastWasItem = false;
  for (const raw of lines) {
    const line = raw.replace(/\s+/g, ' ').trim();
    if (line.length < 2 || !/\p{L}|\d/u.test(line)) continue;
    const m = PRICE_AT_END.exec(line);
    const name = m
      ? line
          .slice(0, m.index)
          .replace(/[\s.·…:_-]+$/, '')
          .trim()
      : '';
    if (m && /\p{L}/u.test(name)) {
      current ??= { name: 'Menu', items: [] };
      if (!categories.includes(current)) categories.push(current);
      current.items.push({ name, description: null, priceText: m[1].trim(), currency: null });
      lastWasItem = true;
      continue;
    }
    const last = current?.items.at(-1);
    if (lastWasItem && last && (/^\p{Ll}/u.test(line) || line.includes(',') || line.length > 40)) {
      last.description = last.description ? `${last.description} ${line}` : line;
      continue;
    }
    current = { name: line.replace(/[:\s]+$/, ''), items: [] };
    lastWasItem = false;
  }
  return categories.filter((c) => c.items.length > 0);
}
