// The help page: reachable from the side navigation, one card per screen with its main tasks, in all four languages.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import de from '../../../../../server/src/modules/translations/locales/de.json';
import en from '../../../../../server/src/modules/translations/locales/en.json';
import es from '../../../../../server/src/modules/translations/locales/es.json';
import fr from '../../../../../server/src/modules/translations/locales/fr.json';
import { renderApp, signedIn } from '@/test/render-app';
import { NAV_ITEMS } from '@/app/layout/navigation-items';
import { HELP_TOPICS, helpSummaryKey, helpTaskKeys } from '../help-topics';

const LOCALES = { en, de, fr, es } as const;

function lookup(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);
}

describe('help page', () => {
  it('opens from the side navigation and explains every screen with its tasks and a way to open it', async () => {
    const { router } = renderApp('/en/dashboard', signedIn);
    fireEvent.click(await screen.findByTestId('nav-help'));
    await screen.findByTestId('screen-help_view');
    expect(router.state.location.pathname).toBe('/en/help');
    screen.getByRole('heading', { level: 1, name: en.help.title });

    for (const topic of HELP_TOPICS) {
      const card = screen.getByTestId(`help-topic-${topic.id}`);
      const tasks = within(card).getAllByRole('listitem');
      expect(tasks, topic.id).toHaveLength(3);
      for (const [i, item] of tasks.entries()) expect(item.textContent, `${topic.id} task ${i + 1}`).toBe(lookup(en, helpTaskKeys(topic.id)[i]!));
      if (topic.path) expect(within(card).getByTestId(`help-open-${topic.id}`).getAttribute('href')).toBe(`/en${topic.path}`);
    }
    fireEvent.click(within(screen.getByTestId('help-topic-berth_planner')).getByTestId('help-open-berth_planner'));
    expect(router.state.location.pathname).toBe('/en/berth-planner');
  });

  it('covers every area of the side navigation', () => {
    const covered = new Set(HELP_TOPICS.map((t) => t.path));
    const areas = NAV_ITEMS.flatMap((item) => [item, ...(item.children ?? [])]).map((item) => item.path);
    // The voyage and template lists are explained under the voyage center.
    for (const path of areas.filter((p) => !p.startsWith('/voyage-center/voyage'))) expect(covered.has(path), path).toBe(true);
  });

  it('has its own words in each of the four languages, not a copy of the English', () => {
    const keys = HELP_TOPICS.flatMap((t): string[] => [helpSummaryKey(t.id), ...helpTaskKeys(t.id)]).concat(['help.page.intro', 'help.page.open', 'help.page.contact_title']);
    for (const key of keys) {
      const english = lookup(en, key);
      expect(typeof english === 'string' && english.length > 0, key).toBe(true);
      for (const [locale, tree] of Object.entries(LOCALES)) {
        const text = lookup(tree, key);
        expect(typeof text === 'string' && text.trim().length > 0, `${locale} ${key}`).toBe(true);
        if (locale !== 'en' && key !== 'help.page.open') expect(text, `${locale} ${key}`).not.toBe(english);
      }
    }
  });
});
