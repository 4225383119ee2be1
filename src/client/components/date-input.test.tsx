import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { DateInput, DateTimeInput } from './date-input';

/** A form's date field: the value the form holds is shown beside it. */
function Form({ initial = '', min, error }: { initial?: string; min?: string; error?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateInput label="Liefertermin" value={value} onChange={setValue} min={min} error={error} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const field = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Liefertermin' });
const held = () => screen.getByTestId('value').textContent;
const type = (text: string) => fireEvent.input(field(), { target: { value: text } });

afterEach(() => i18next.changeLanguage('de'));

describe('DateInput', () => {
  it('takes short German forms and writes them in full when the field is left', () => {
    renderWithProviders(<Form />);
    expect(field().placeholder).toBe('TT.MM.JJJJ');
    fireEvent.focus(field());
    type('8.1.30');
    expect(held()).toBe('2030-01-08');
    fireEvent.blur(field());
    expect(field().value).toBe('08.01.2030');
  });

  it('keeps an impossible day as typed, for the form to say so, and shows its message', () => {
    renderWithProviders(<Form initial="2030-01-08" error="Bitte ein gültiges Datum eingeben." />);
    expect(field().value).toBe('08.01.2030');
    fireEvent.focus(field());
    type('31.02.2030');
    expect(held()).toBe('31.02.2030');
    fireEvent.blur(field());
    expect(field().value).toBe('31.02.2030');
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Bitte ein gültiges Datum eingeben.')).toBeTruthy();
  });

  it('is emptied by deleting its text', () => {
    renderWithProviders(<Form initial="2030-01-08" />);
    fireEvent.focus(field());
    type('');
    expect(held()).toBe('');
    fireEvent.blur(field());
    expect(field().value).toBe('');
  });

  it('passes a typed day before the minimum on to the form, and the calendar offers none', async () => {
    renderWithProviders(<Form initial="2030-03-20" min="2030-03-10" />);
    expect(field().dataset.min).toBe('2030-03-10');
    fireEvent.focus(field());
    type('05.03.2030');
    expect(held()).toBe('2030-03-05');
    const before = await screen.findByRole('button', { name: '9 März 2030', hidden: true });
    expect(before.hasAttribute('disabled') || before.getAttribute('data-disabled') === 'true').toBe(true);
  });

  it('opens a German calendar, weeks from Monday, from its button; a picked day fills the field', async () => {
    renderWithProviders(<Form initial="2030-01-08" />);
    await userEvent.click(screen.getByRole('button', { name: 'Kalender öffnen' }));
    expect(field()).toBe(document.activeElement);
    expect((await screen.findByRole('button', { name: 'Monat wählen', hidden: true })).textContent).toBe('Januar 2030');
    const weekdays = [...document.querySelectorAll('[data-dates-dropdown] thead th')].map((th) => th.textContent);
    expect(weekdays.slice(0, 2)).toEqual(['Mo', 'Di']);
    fireEvent.click(screen.getByRole('button', { name: '15 Januar 2030', hidden: true }));
    expect(held()).toBe('2030-01-15');
    expect(field().value).toBe('15.01.2030');
  });

  it('closes its calendar when a typed day is confirmed with Enter, and opens it again on typing', async () => {
    renderWithProviders(<Form />);
    const calendar = () => document.querySelector('[data-dates-dropdown]');
    fireEvent.focus(field());
    expect(await screen.findByRole('button', { name: 'Monat wählen', hidden: true })).toBeTruthy();
    type('15.3.2030');
    fireEvent.keyDown(field(), { key: 'Enter' });
    await waitFor(() => expect(calendar()).toBeNull());
    expect(held()).toBe('2030-03-15');
    type('16.3.2030');
    await waitFor(() => expect(calendar()).not.toBeNull());
    fireEvent.keyDown(field(), { key: 'Escape' });
    await waitFor(() => expect(calendar()).toBeNull());
  });

  it('follows the interface language: English takes and shows DD/MM/YYYY', async () => {
    await act(() => i18next.changeLanguage('en'));
    renderWithProviders(<Form initial="2030-03-15" />);
    expect(field().placeholder).toBe('DD/MM/YYYY');
    expect(field().value).toBe('15/03/2030');
    fireEvent.focus(field());
    type('1/4/2030');
    expect(held()).toBe('2030-04-01');
    fireEvent.blur(field());
    expect(field().value).toBe('01/04/2030');
  });
});

describe('DateTimeInput', () => {
  function Banner() {
    const [value, setValue] = useState('2030-01-08T06:00');
    return (
      <>
        <DateTimeInput label="Anzeigen ab" value={value} onChange={setValue} />
        <output data-testid="value">{value}</output>
      </>
    );
  }

  it('joins the day and the time of day into one local value', () => {
    renderWithProviders(<Banner />);
    const day = screen.getByRole<HTMLInputElement>('textbox', { name: 'Anzeigen ab' });
    const time = screen.getByRole<HTMLInputElement>('textbox', { name: 'Anzeigen ab, Uhrzeit' });
    expect(day.value).toBe('08.01.2030');
    fireEvent.focus(day);
    fireEvent.input(day, { target: { value: '9.1.2030' } });
    fireEvent.change(time, { target: { value: '7.30' } });
    expect(held()).toBe('2030-01-09T07:30');
  });
});
