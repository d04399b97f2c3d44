import { Loader, Modal } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createI18n, type TTranslationTree } from '@/lib/i18n';
import de from '../../../server/src/modules/translations/locales/de.json';
import { AppProvider } from './provider';

describe('app provider', () => {
  it('names a dialog’s close button in the reader’s language when the screen gives it no name', () => {
    const i18n = createI18n({ locale: 'de', translation: de as TTranslationTree });
    render(
      <AppProvider i18n={i18n} env="test">
        <Modal opened onClose={() => undefined} title="Titel">
          Inhalt
        </Modal>
      </AppProvider>,
    );
    expect(screen.getByRole('button', { name: 'Schließen' }).getAttribute('aria-label')).toBe('Schließen');
  });

  it('gives every loader the status role, so the name a screen gives it is allowed and announced', () => {
    const i18n = createI18n({ locale: 'de', translation: de as TTranslationTree });
    render(
      <AppProvider i18n={i18n} env="test">
        <Loader aria-label="Wird geladen…" />
      </AppProvider>,
    );
    expect(screen.getAllByRole('status', { name: 'Wird geladen…' })).toHaveLength(1);
  });
});
