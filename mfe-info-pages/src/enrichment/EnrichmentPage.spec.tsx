import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import EnrichmentPage from './EnrichmentPage';

describe('EnrichmentPage', () => {
  it('is headed Enrichment and starts on the image-only classroom gallery', () => {
    render(<EnrichmentPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Enrichment' })).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel', { name: 'Classroom' });
    expect(within(panel).getAllByRole('img')).toHaveLength(3);
    expect(within(panel).queryByRole('heading')).not.toBeInTheDocument();
  });

  it('lists the six categories as tabs', () => {
    render(<EnrichmentPage />);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Classroom',
      'Water Sports',
      'Physical Activities',
      'Annual Functions',
      'Tours',
      'Celebrations',
    ]);
  });

  it('switches category from the keyboard and shows titled cards', async () => {
    const user = userEvent.setup();
    render(<EnrichmentPage />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Classroom' })).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    const waterSports = screen.getByRole('tab', { name: 'Water Sports' });
    expect(waterSports).toHaveFocus();
    expect(waterSports).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Water Sports' });
    expect(within(panel).getByRole('heading', { name: 'Kayaking on the lake' })).toBeInTheDocument();
    expect(within(panel).getByRole('img', { name: /orange kayak/ })).toBeInTheDocument();

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Celebrations' })).toHaveAttribute('aria-selected', 'true');

    // Tab leaves the tab list for the panel rather than visiting every tab.
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'Celebrations' })).toHaveFocus();
  });
});
