import type { NumberInputProps } from '@mantine/core';
import Decimal from 'decimal.js';
import { LocaleNumberInput } from '../../../shared/ui/number-field';

/** SPEC.md §5: inputs stay within -1e9..1e9 unless told otherwise; here nothing is negative. */
const MAX = 1e9;
/** SPEC.md §9: holding a spinner button speeds up to at most 30 steps a second. */
const MAX_BOOST = 30;
const boost = (stepCount: number) => Math.max(1000 / (stepCount + 1) ** 1.5, 1000 / MAX_BOOST);

type AmountInputProps = Omit<NumberInputProps, 'min' | 'max' | 'step' | 'decimalScale' | 'allowDecimal'>;

/**
 * A quantity (SPEC.md §5): min 0, step 1. In a counted unit (`whole`: pcs, box) it is a whole
 * number, and decimals typed or pasted stay in sight with a message until taken out; in a measured
 * unit (kg, l) or none yet, 3 decimals, the server's rule (isCountedUnit).
 */
export function QuantityInput({ whole, ...props }: AmountInputProps & { whole: boolean }) {
  return (
    <LocaleNumberInput
      min={0}
      max={MAX}
      step={1}
      allowNegative={false}
      allowDecimal={!whole}
      decimalScale={3}
      clampBehavior="strict"
      stepHoldDelay={400}
      stepHoldInterval={boost}
      {...props}
    />
  );
}

/** A price (SPEC.md §5): min 0, step 0.1, 3 decimals. */
export function PriceInput(props: AmountInputProps) {
  return (
    <LocaleNumberInput
      min={0}
      max={MAX}
      step={0.1}
      allowNegative={false}
      decimalScale={3}
      clampBehavior="strict"
      stepHoldDelay={400}
      stepHoldInterval={boost}
      {...props}
    />
  );
}

/** A form's number value as the contract's decimal text ('' is none); never through a float sum. */
export function toAmount(value: number | string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const decimal = new Decimal(String(value));
  return decimal.isFinite() ? decimal.toDecimalPlaces(3).toFixed() : null;
}

/** A decimal text from the server as a form value ('' for none); 3-decimal amounts fit a double exactly. */
export function fromAmount(value: string | null | undefined): number | '' {
  return value === null || value === undefined ? '' : Number(value);
}
