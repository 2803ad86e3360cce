// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { HomeSummary } from '#shared/home';
import { MonthCard } from './month-card';

const TRIAL: HomeSummary['month'] = { searches: 3, spend: null, monitoringSpend: null, trial: { searchesLeft: 7, searchesPerMonth: 10, resetsOn: '2027-01-01', endsOn: '2027-01-20' } };
const PAID: HomeSummary['month'] = { searches: 1000, spend: 150, monitoringSpend: 1, trial: null };

const card = (month: HomeSummary['month']) => {
  render(
    <MantineProvider env="test">
      <MonthCard month={month} />
    </MantineProvider>,
  );
  return screen.getByRole('region', { name: 'This month' });
};

describe('the home page’s month', () => {
  it('shows a trial its searches left, when they come back and when the trial ends, with no charges', () => {
    const text = card(TRIAL).textContent;
    expect(text).toContain('7of 10 searches left this month; they come back on January 1, 2027');
    expect(text).toContain('Your trial ends on January 20, 2027');
    expect(text).not.toMatch(/\$|charges/);
  });

  it('shows a paid account its search charges and its monitoring apart', () => {
    const region = card(PAID);
    expect(within(region).getByText('searches, $150.00 in search charges')).toBeTruthy();
    expect(within(region).getByText('$1.00 for monitoring')).toBeTruthy();
  });
});
