import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { LocaleNumberInput } from './number-field';

const changes: Array<number | string> = [];

function Price({ initial = '' as number | string }) {
  const [value, setValue] = useState<number | string>(initial);
  return (
    <LocaleNumberInput
      label="Price"
      min={0}
      max={1e9}
      decimalScale={3}
      allowNegative={false}
      value={value}
      onChange={(next) => {
        changes.push(next);
        setValue(next);
      }}
    />
  );
}

function Count() {
  const [value, setValue] = useState<number | string>('');
  return (
    <LocaleNumberInput
      label="Count"
      min={0}
      allowDecimal={false}
      value={value}
      onChange={(next) => {
        changes.push(next);
        setValue(next);
      }}
    />
  );
}

function renderCount() {
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider env="test">
        <Count />
      </MantineProvider>
    </I18nextProvider>,
  );
  return screen.getByLabelText('Count') as HTMLInputElement;
}

function renderPrice(initial?: number | string) {
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider env="test">
        <Price initial={initial} />
      </MantineProvider>
    </I18nextProvider>,
  );
  return screen.getByLabelText('Price') as HTMLInputElement;
}

const paste = (input: HTMLInputElement, text: string) =>
  fireEvent.paste(input, { clipboardData: { getData: () => text } });

afterEach(async () => {
  changes.length = 0;
  await i18n.changeLanguage('en');
});

describe('a number input in the reader language', () => {
  it("shows and takes the language's decimal separator, either one typed", async () => {
    await i18n.changeLanguage('ru');
    const input = renderPrice(2.5);
    expect(input.value).toBe('2,5');
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, '12.75');
    expect(input.value).toBe('12,75');
    expect(changes.at(-1)).toBe(12.75);
  });

  it('reads a pasted number as people write it', async () => {
    await i18n.changeLanguage('lv');
    const input = renderPrice();
    paste(input, '1 234,5');
    expect(changes.at(-1)).toBe(1234.5);
    expect(input.value).toBe('1234,5');
  });

  it('refuses, saying why, what it cannot read, and keeps the value as it was', async () => {
    await i18n.changeLanguage('ru');
    const input = renderPrice(7);
    paste(input, '12 шт');
    expect(
      await screen.findByText('«12 шт» — не число: введите цифры и «,» перед дробной частью'),
    ).toBeTruthy();
    expect(input.value).toBe('7');
    expect(changes).toEqual([]);

    paste(input, '1,2345');
    expect(screen.getByText('Не больше 3 знаков после запятой')).toBeTruthy();
    expect(input.value).toBe('7');

    const user = userEvent.setup();
    await user.type(input, '-');
    expect(screen.getByText('Значение не может быть отрицательным')).toBeTruthy();
    expect(input.value).toBe('7');
    await user.type(input, 'x');
    expect(screen.getByText('Здесь можно вводить только цифры и «,»')).toBeTruthy();
    expect(input.value).toBe('7');
    await user.type(input, '5');
    expect(input.value).toBe('75');
    expect(screen.queryByText('Здесь можно вводить только цифры и «,»')).toBeNull();
  });

  it.each([
    ['en', '1.5', 'Whole numbers only: “1.5” has decimals'],
    ['lv', '1,5', 'Tikai veseli skaitļi: “1,5” ir decimāldaļa'],
  ])(
    'keeps a typed separator of a whole number in sight, refused, until taken out (%s)',
    async (lang, shown, text) => {
      await i18n.changeLanguage(lang);
      const input = renderCount();
      const user = userEvent.setup();
      await user.type(input, '1.5');
      // Never "15": the separator stays where it was typed, and the message with it.
      expect(input.value).toBe(shown);
      expect(changes.at(-1)).toBe(1.5);
      expect(screen.getByText(text)).toBeTruthy();
      await user.type(input, '0');
      expect(screen.getByText(text.replace(shown, `${shown}0`))).toBeTruthy();
      await user.type(input, '{Backspace}{Backspace}{Backspace}');
      expect(input.value).toBe('1');
      expect(screen.queryByText(text)).toBeNull();
    },
  );
});
