import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { parseAmount } from '../../domain/form-payloads.ts';
import { renderPage } from '../test/render.tsx';
import {
  AmountInput,
  NOT_DOLLARS,
  NOT_DOLLARS_TYPED,
  NOT_PERCENT_PASTED,
  NOT_PERCENT_TYPED,
  PercentInput,
} from './form-fields.tsx';

/** An amount field and what its form would send. */
function AmountField() {
  const [value, setValue] = useState<string | number>('');
  return (
    <>
      <AmountInput value={value} onChange={setValue} />
      <output data-testid="sent">{parseAmount(value)}</output>
    </>
  );
}

async function enter(how: 'paste' | 'type', text: string) {
  const user = userEvent.setup();
  renderPage(<AmountField />);
  const input = await screen.findByLabelText(/Amount/);
  await user.click(input);
  if (how === 'paste') await user.paste(text);
  else await user.keyboard(text);
  const typed = (input as HTMLInputElement).value;
  await user.tab();
  return {
    typed,
    shown: (input as HTMLInputElement).value,
    sent: screen.getByTestId('sent').textContent,
  };
}

describe('an amount of money', () => {
  // What is typed or pasted shows as it is; once the field is left, the whole dollars it sends.
  it.each([
    ['pasted', '$12,500', '$12,500', '$12,500', '12500'],
    ['pasted', '12,500.50', '$12,500.50', '$12,500', '12500'],
    ['pasted', '$ 9,750', '$9,750', '$9,750', '9750'],
    ['pasted', '50000', '$50,000', '$50,000', '50000'],
    ['typed', '12500.75', '$12,500.75', '$12,500', '12500'],
    ['typed', '0.50', '$0.50', '$0', '0'],
    ['typed', '12,500', '$12,500', '$12,500', '12500'],
  ] as const)(
    '%s as %s shows %s, then %s, and is sent as %s dollars',
    async (how, text, typed, shown, sent) => {
      expect(await enter(how === 'pasted' ? 'paste' : 'type', text)).toEqual({
        typed,
        shown,
        sent,
      });
    },
  );
});

describe('a paste that is not an amount of dollars', () => {
  it.each(['1.234,56', '-500', '(500)', '1e6', 'about 500'])(
    '%s is refused, saying so under the field',
    async (text) => {
      const user = userEvent.setup();
      renderPage(<AmountField />);
      const input = await screen.findByLabelText(/Amount/);
      await user.click(input);
      await user.paste(text);
      expect((input as HTMLInputElement).value).toBe('');
      expect(screen.getByText(NOT_DOLLARS)).toBeTruthy();
      // Then a good one is taken, and the message goes.
      await user.paste('$500');
      expect((input as HTMLInputElement).value).toBe('$500');
      expect(screen.queryByText(NOT_DOLLARS)).toBeNull();
    },
  );
});

describe('Enter in the field while it shows cents', () => {
  it('drops them and sends nothing yet; Enter again sends what it shows', async () => {
    const user = userEvent.setup();
    const sent: number[] = [];
    function AmountForm() {
      const [value, setValue] = useState<string | number>('');
      return (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            sent.push(parseAmount(value));
          }}
        >
          <AmountInput value={value} onChange={setValue} />
        </form>
      );
    }
    renderPage(<AmountForm />);
    const input = (await screen.findByLabelText(/Amount/)) as HTMLInputElement;
    await user.click(input);
    await user.keyboard('2500.99{Enter}');
    expect(input.value).toBe('$2,500');
    expect(sent).toEqual([]);
    await user.keyboard('{Enter}');
    expect(sent).toEqual([2500]);
    expect(input.value).toBe('$2,500');
  });
});

describe('a key a number field does not take', () => {
  // It leaves the key out, as it must, and says so: '1e3' is not taken for 13 unseen.
  it.each([
    ['1e3', '$13'],
    ['-5', '$5'],
    ['1.000', '$1.00'],
    ['5 dollars', '$5'],
  ])('in an amount, %s shows %s and says what it takes', async (text, shown) => {
    const user = userEvent.setup();
    renderPage(<AmountField />);
    const input = (await screen.findByLabelText(/Amount/)) as HTMLInputElement;
    await user.click(input);
    await user.keyboard(text);
    expect(input.value).toBe(shown);
    expect(await screen.findByText(NOT_DOLLARS_TYPED)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    // It stays through more digits (what shows is still not what was meant), and goes once the
    // field is mended.
    await user.keyboard('0');
    expect(screen.getByText(NOT_DOLLARS_TYPED)).toBeTruthy();
    await user.keyboard('{Backspace}');
    await waitFor(() => expect(screen.queryByText(NOT_DOLLARS_TYPED)).toBeNull());
  });

  it('in an amount, says nothing of what it writes itself or takes: $, commas, spaces, digits', async () => {
    const user = userEvent.setup();
    renderPage(<AmountField />);
    const input = (await screen.findByLabelText(/Amount/)) as HTMLInputElement;
    await user.click(input);
    await user.keyboard('$ 12,500.75');
    expect(input.value).toBe('$12,500.75');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(screen.queryByText(NOT_DOLLARS_TYPED)).toBeNull();
  });

  it.each([
    ['2.5', '25'],
    ['-1', '1'],
    ['1e2', '12'],
  ])('in a probability, %s shows %s and says what it takes', async (text, shown) => {
    const user = userEvent.setup();
    function Probability() {
      const [value, setValue] = useState<string | number>('');
      return <PercentInput label="Probability (%)" value={value} onChange={setValue} />;
    }
    renderPage(<Probability />);
    const input = (await screen.findByLabelText('Probability (%)')) as HTMLInputElement;
    await user.click(input);
    await user.keyboard(text);
    expect(input.value).toBe(shown);
    expect(await screen.findByText(NOT_PERCENT_TYPED)).toBeTruthy();
    await user.keyboard('{Backspace}');
    await waitFor(() => expect(screen.queryByText(NOT_PERCENT_TYPED)).toBeNull());
  });

  it("in a probability, goes once the field is typed over or set from outside it, and gives way to the form's own message", async () => {
    const user = userEvent.setup();
    function Probability() {
      const [value, setValue] = useState<string | number>('');
      return (
        <>
          <PercentInput
            label="Probability (%)"
            value={value}
            onChange={setValue}
            error={value === 500 ? 'Probability must be at most 100' : undefined}
          />
          <button type="button" onClick={() => setValue(75)}>
            Negotiation
          </button>
        </>
      );
    }
    renderPage(<Probability />);
    const input = (await screen.findByLabelText('Probability (%)')) as HTMLInputElement;
    await user.click(input);
    await user.keyboard('2.5');
    expect(await screen.findByText(NOT_PERCENT_TYPED)).toBeTruthy();
    // Chosen whole and typed over: mended.
    await user.tripleClick(input);
    await user.keyboard('3');
    await waitFor(() => expect(screen.queryByText(NOT_PERCENT_TYPED)).toBeNull());
    expect(input.value).toBe('3');

    await user.keyboard('.');
    expect(await screen.findByText(NOT_PERCENT_TYPED)).toBeTruthy();
    // A stage chosen sets it: mended too.
    await user.click(screen.getByRole('button', { name: 'Negotiation' }));
    expect(input.value).toBe('75');
    await waitFor(() => expect(screen.queryByText(NOT_PERCENT_TYPED)).toBeNull());

    // The form's rule, where it has one to say, is said first.
    await user.tripleClick(input);
    await user.keyboard('5.00');
    expect(input.value).toBe('500');
    expect(await screen.findByText('Probability must be at most 100')).toBeTruthy();
    expect(screen.queryByText(NOT_PERCENT_TYPED)).toBeNull();
  });

  it.each(['2.5', '-7', '1e2', 'ten'])(
    'in a probability, a paste of %s is refused, saying so under the field',
    async (text) => {
      const user = userEvent.setup();
      function Probability() {
        const [value, setValue] = useState<string | number>(10);
        return <PercentInput label="Probability (%)" value={value} onChange={setValue} />;
      }
      renderPage(<Probability />);
      const input = (await screen.findByLabelText('Probability (%)')) as HTMLInputElement;
      await user.tripleClick(input);
      await user.paste(text);
      expect(input.value).toBe('10');
      expect(screen.getByText(NOT_PERCENT_PASTED)).toBeTruthy();
      await user.tripleClick(input);
      await user.paste('45');
      expect(input.value).toBe('45');
      expect(screen.queryByText(NOT_PERCENT_PASTED)).toBeNull();
    },
  );
});

describe('an amount field', () => {
  it('has no arrows to step it a dollar at a time, too small to tap', async () => {
    renderPage(<AmountField />);
    const input = await screen.findByLabelText(/Amount/);
    expect(input.closest('.mantine-NumberInput-root')?.querySelector('button')).toBeNull();
    expect(document.querySelector('.mantine-NumberInput-controls')).toBeNull();
  });
});
