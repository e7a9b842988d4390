// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Select, type SelectProps } from '@/components/forms/select';

afterEach(cleanup);

const channels = [
  { label: 'Transactional Emails', value: '3' },
  { label: 'Campaigns', value: '1' },
  { label: 'Marketing Automations', value: '2' },
];

type Extra = Partial<Omit<SelectProps, 'multiple' | 'value' | 'onChange'>>;

function Multi(props: Extra) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <>
      <Select
        label="Channels"
        name="channels"
        options={channels}
        {...props}
        multiple
        value={value}
        onChange={setValue}
      />
      <output data-testid="value">{value.join(',')}</output>
      <button type="button">Elsewhere</button>
    </>
  );
}

function Single(props: Extra) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <Select label="Channel" name="channel" options={channels} {...props} value={value} onChange={setValue} />
      <output data-testid="value">{value ?? ''}</output>
    </>
  );
}

const optionLabels = () => screen.getAllByRole('option').map((option) => option.textContent?.replace('✓', ''));

describe('the Select', () => {
  it('marks a required field and shows its error below, tied to it, with an error border', () => {
    render(<Single required error="Channel is required." />);
    const input = screen.getByRole('combobox', { name: /Channel/ });
    expect(screen.getByText('*').getAttribute('aria-hidden')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe('Channel is required.');
    expect(input.parentElement?.className).toContain('border-red-700');
  });

  it('sorts by label or by numeric value, and picks one with the keyboard', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Single sortBy="label" />);
    await user.click(screen.getByRole('combobox', { name: 'Channel' }));
    expect(optionLabels()).toEqual(['Campaigns', 'Marketing Automations', 'Transactional Emails']);
    unmount();

    render(<Single sortBy="value" />);
    const input = screen.getByRole('combobox', { name: 'Channel' });
    await user.click(input);
    expect(optionLabels()).toEqual(['Campaigns', 'Marketing Automations', 'Transactional Emails']);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByTestId('value').textContent).toBe('2');
    expect((input as HTMLInputElement).value).toBe('Marketing Automations');
  });

  it("says 'No options' for an empty list or no match, and 'Loading...' while loading", async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Single options={[]} />);
    await user.click(screen.getByRole('combobox', { name: 'Channel' }));
    expect(screen.getByText('No options').getAttribute('role')).toBe('status');
    unmount();

    const loading = render(<Single loading />);
    await user.click(screen.getByRole('combobox', { name: 'Channel' }));
    expect(screen.getByText('Loading...').getAttribute('role')).toBe('status');
    loading.unmount();

    render(<Single />);
    await user.type(screen.getByRole('combobox', { name: 'Channel' }), 'zzz');
    expect(screen.getByText('No options').getAttribute('role')).toBe('status');
  });

  it("selects all or none with 'Select All', and collapses to the first label plus '+ N more' when blurred", async () => {
    const user = userEvent.setup();
    render(<Multi />);
    const input = screen.getByRole('combobox', { name: 'Channels' });
    await user.click(input);
    expect(screen.getByRole('listbox').getAttribute('aria-multiselectable')).toBe('true');
    await user.click(screen.getByRole('option', { name: 'Select All' }));
    expect(screen.getByTestId('value').textContent).toBe('3,1,2');
    // The menu stays open for more picks; Select All again clears everything.
    await user.click(screen.getByRole('option', { name: /Select All/ }));
    expect(screen.getByTestId('value').textContent).toBe('');

    await user.click(screen.getByRole('option', { name: 'Transactional Emails' }));
    await user.click(screen.getByRole('option', { name: 'Campaigns' }));
    expect(screen.getByTestId('value').textContent).toBe('3,1');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.getByTestId('select-summary').textContent).toBe('Transactiona… + 1 more');

    // Focused again, each choice shows in full and can be removed.
    await user.click(input);
    await user.click(screen.getByRole('button', { name: 'Remove Campaigns' }));
    expect(screen.getByTestId('value').textContent).toBe('3');
  });

  it('stays open on the same option after a keyboard pick in a multi-select, and leaving picks nothing', async () => {
    const user = userEvent.setup();
    render(<Multi sortBy="label" />);
    const input = screen.getByRole('combobox', { name: 'Channels' });
    await user.click(input);
    // Select All, Campaigns, Marketing Automations: the third entry, then the one after it.
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByTestId('value').textContent).toBe('2');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByTestId('value').textContent).toBe('2,3');
    await user.keyboard('{ArrowUp}');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.getByTestId('value').textContent).toBe('2,3');
  });

  it('offers Create "{text}" unless an option matches, case-insensitively, and selects what it creates', async () => {
    const user = userEvent.setup();
    render(<Single creatable />);
    const input = screen.getByRole('combobox', { name: 'Channel' });
    await user.type(input, 'campaigns');
    expect(screen.queryByRole('option', { name: /Create/ })).toBeNull();
    await user.clear(input);
    await user.type(input, 'SMS');
    const listbox = screen.getByRole('listbox');
    expect(within(listbox).getByRole('option', { name: 'Create "SMS"' })).toBeTruthy();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByTestId('value').textContent).toBe('SMS');
    await user.click(input);
    expect(optionLabels()).toContain('SMS');
  });
});
