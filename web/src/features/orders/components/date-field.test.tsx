import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { DateField } from './date-field';

const values: Array<string | null> = [];

function Field(props: { initial?: string | null; minDate?: string }) {
  const [value, setValue] = useState<string | null>(props.initial ?? null);
  return (
    <DateField
      label="Delivery date"
      value={value}
      minDate={props.minDate}
      clearable
      onChange={(next) => {
        values.push(next);
        setValue(next);
      }}
    />
  );
}

function renderField(props: { initial?: string | null; minDate?: string } = {}) {
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider env="test">
        <DatesProvider settings={{ locale: 'en' }}>
          <Field {...props} />
          <button type="button">elsewhere</button>
        </DatesProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return screen.getByLabelText('Delivery date') as HTMLInputElement;
}

afterEach(async () => {
  values.length = 0;
  await i18n.changeLanguage('en');
});

describe('the date field', () => {
  it('takes DD.MM.YYYY as the date it names', async () => {
    const input = renderField();
    const user = userEvent.setup();
    await user.type(input, '05.03.2027');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(values.at(-1)).toBe('2027-03-05');
    expect(input.value).toBe('05.03.2027');
  });

  it('keeps text it cannot read as typed, hands it to the form as it is, and says why', async () => {
    await i18n.changeLanguage('ru');
    const input = renderField({ initial: '2027-01-20' });
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, '31.02.2027');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(input.value).toBe('31.02.2027');
    expect(values.at(-1)).toBe('31.02.2027');
    expect(screen.getByText('«31.02.2027» — не дата: введите её как ДД.ММ.ГГГГ')).toBeTruthy();
  });

  it('keeps a date before the first allowed day, saying which day that is', async () => {
    const input = renderField({ minDate: '2027-01-10' });
    const user = userEvent.setup();
    await user.type(input, '15/01/2027');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(screen.getByText('“15/01/2027” is not a date: type it as DD.MM.YYYY')).toBeTruthy();
    await user.clear(input);
    await user.type(input, '09.01.2027');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(input.value).toBe('09.01.2027');
    expect(values.at(-1)).toBe('2027-01-09');
    expect(screen.getByText('The date cannot be before 10.01.2027')).toBeTruthy();
  });
});
