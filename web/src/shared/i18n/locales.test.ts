import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES, ERROR_MESSAGES, LANGUAGES } from '@extranet/contract';
import { LOCALES } from '@extranet/contract/locales';
import { describe, expect, it } from 'vitest';
import { SECTIONS } from '../navigation/sections';

const { en, ru, lv } = LOCALES;

type Tree = { [key: string]: string | Tree };

const locales: Record<(typeof LANGUAGES)[number], Tree> = { en, ru, lv };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const flat = Object.fromEntries(LANGUAGES.map((lang) => [lang, flatten(locales[lang])])) as Record<
  (typeof LANGUAGES)[number],
  Map<string, string>
>;

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** A key without its plural suffix: `orders.import.submit_few` -> `orders.import.submit`. */
const baseKey = (key: string) => key.replace(PLURAL_SUFFIX, '');

/** Every text of each key, its plural forms gathered under the key without the suffix. */
function textsByBaseKey(texts: Map<string, string>): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const [key, value] of texts) {
    const base = baseKey(key);
    const forms = out.get(base) ?? new Map<string, string>();
    forms.set(key.slice(base.length + 1) || '', value);
    out.set(base, forms);
  }
  return out;
}

const grouped = Object.fromEntries(LANGUAGES.map((lang) => [lang, textsByBaseKey(flat[lang])])) as Record<
  (typeof LANGUAGES)[number],
  Map<string, Map<string, string>>
>;

/**
 * Texts a language writes as English does: the names of the languages in the switch, and texts
 * of codes and numbers only (EAN, XLSX, `{{from}}–{{to}}`).
 */
function isSameInEveryLanguage(key: string, text: string): boolean {
  if (key.startsWith('layout.languages.')) return true;
  return /^[\p{Lu}\d\s.,:;·()/–-]*$/u.test(text.replace(/{{[^}]*}}/g, ''));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('locales', () => {
  for (const lang of LANGUAGES) {
    for (const other of LANGUAGES) {
      if (lang === other) continue;
      it(`has every ${lang} key in ${other}, plural forms aside`, () => {
        const missing = [...grouped[lang].keys()].filter((key) => !grouped[other].has(key));
        expect(missing).toEqual([]);
      });
    }

    it(`writes each ${lang} plural text in exactly the forms the language has`, () => {
      const needed = [...new Intl.PluralRules(lang).resolvedOptions().pluralCategories].sort();
      const wrong = [...grouped[lang]]
        .filter(([, forms]) => !forms.has(''))
        .map(([key, forms]) => {
          // i18next reads `_zero` for a count of 0 in any language.
          const written = [...forms.keys()].filter((form) => form !== 'zero' || needed.includes('zero'));
          return { key, forms: written.sort() };
        })
        .filter(({ forms }) => forms.join() !== needed.join());
      expect(wrong).toEqual([]);
      const mixed = [...grouped[lang]]
        .filter(([, forms]) => forms.has('') && forms.size > 1)
        .map(([key]) => key);
      expect(mixed).toEqual([]);
    });

    it(`has no empty ${lang} texts`, () => {
      const empty = [...flat[lang]].filter(([, value]) => value.trim() === '').map(([key]) => key);
      expect(empty).toEqual([]);
    });
  }

  it('has a message for every contract error code, in English exactly as the contract says', () => {
    expect(en.errors).toEqual(ERROR_MESSAGES);
    for (const lang of LANGUAGES) {
      const missing = ERROR_CODES.filter((code) => !flat[lang].has(`errors.${code}`));
      expect(missing, lang).toEqual([]);
    }
  });

  it('uses the generic validation messages of SPEC.md §5 in English', () => {
    expect(en.validation).toEqual({
      required: 'This field is required',
      email: 'Invalid email address format',
      passwordsIdentical: 'Passwords must be identical',
      url: 'Invalid URL format',
      greaterDate: 'Must select greater date',
      tooLong: 'The field is too long',
      formHasErrors: 'Input form has errors. Please fix them before save!',
    });
  });

  it('translates ru and lv instead of copying English', () => {
    for (const lang of ['ru', 'lv'] as const) {
      const copied = [...flat[lang]]
        .filter(([key, value]) => {
          const english = [...(grouped.en.get(baseKey(key))?.values() ?? [])];
          return english.includes(value) && !isSameInEveryLanguage(key, value);
        })
        .map(([key]) => key);
      expect(copied, lang).toEqual([]);
    }
  });

  it('keeps the same {{placeholders}} in every language, across the plural forms of a text', () => {
    const placeholders = (forms: Map<string, string> | undefined) =>
      [
        ...new Set(
          [...(forms?.values() ?? [])].flatMap((text) =>
            [...text.matchAll(/{{\s*(\w+)\s*(?:,[^}]*)?}}/g)].map((m) => m[1]),
          ),
        ),
      ].sort();
    for (const [key, forms] of grouped.en) {
      for (const lang of ['ru', 'lv'] as const) {
        expect(placeholders(grouped[lang].get(key)), `${lang} ${key}`).toEqual(placeholders(forms));
      }
    }
  });

  it('writes counts and totals with the number format of the language', () => {
    const unformatted = [...LANGUAGES].flatMap((lang) =>
      [...flat[lang]]
        .filter(([, text]) => /{{\s*(count|total)\s*}}/.test(text))
        .map(([key]) => `${lang} ${key}`),
    );
    expect(unformatted).toEqual([]);
  });

  it('has every literal key that the source code uses', () => {
    const root = join(import.meta.dirname, '../..');
    // The server writes some of these words too: the headers of list exports.
    const server = join(import.meta.dirname, '../../../../server/src');
    const used = new Set<string>();
    const patterns = [
      /\bt\(\s*'([a-z][\w-]*(?:\.[\w-]+)+)'/g,
      /breadcrumb:\s*'([a-z][\w-]*(?:\.[\w-]+)+)'/g,
      /header:\s*'([a-z][\w-]*(?:\.[\w-]+)+)'/g,
    ];
    for (const file of [...sourceFiles(root), ...sourceFiles(server)]) {
      const text = readFileSync(file, 'utf8');
      for (const pattern of patterns)
        for (const match of text.matchAll(pattern)) used.add(match[1] as string);
    }
    expect(used.size).toBeGreaterThan(20);
    // A key used with a count is written as its plural forms (`key_one`, `key_other`, ...).
    const missing = [...used].filter((key) => !flat.en.has(key) && !flat.en.has(`${key}_other`));
    expect(missing).toEqual([]);
  });

  it('names every section of the menu and its dashboard card (keys the code builds from the id)', () => {
    const keys = SECTIONS.flatMap((section) => [
      `layout.nav.${section.id}`,
      `dashboard.sections.${section.id}.title`,
      `dashboard.sections.${section.id}.description`,
    ]);
    for (const lang of LANGUAGES)
      expect(
        keys.filter((key) => !flat[lang].has(key)),
        lang,
      ).toEqual([]);
  });
});
