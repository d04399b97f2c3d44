// Writing to a thread: at most 2000 characters with a counter; Ctrl+Enter or Cmd+Enter sends; blank text is refused.
import { useState } from 'react';
import { Button, Group, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ZPostPortcallMessage } from '@quayline/domain';
import classes from './vessel-communication.module.css';

export const MESSAGE_MAX_LENGTH = 2000;

type TMessageComposerProps = { onSend: (body: string, done: () => void) => void; isSending: boolean; sendFailed: boolean };

export function MessageComposer({ onSend, isSending, sendFailed }: TMessageComposerProps) {
  const { t } = useTranslation();
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<'empty' | 'too_long' | null>(null);

  const send = () => {
    if (isSending) return;
    const parsed = ZPostPortcallMessage.safeParse({ body });
    if (!parsed.success) {
      setProblem(body.trim().length === 0 ? 'empty' : 'too_long');
      return;
    }
    setProblem(null);
    onSend(parsed.data.body, () => setBody(''));
  };

  const error = problem === 'empty' ? t('vesselCommunication.empty_message') : problem === 'too_long' ? t('vesselCommunication.too_long', { max: MESSAGE_MAX_LENGTH }) : sendFailed ? t('vesselCommunication.send_failed') : null;

  return (
    <form
      className={classes.composer}
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
      data-testid="vc-composer"
    >
      <Textarea
        value={body}
        onChange={(e) => {
          setBody(e.currentTarget.value);
          if (problem) setProblem(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            send();
          }
        }}
        label={t('vesselCommunication.composer_label')}
        labelProps={{ className: 'visually-hidden' }}
        placeholder={t('vesselCommunication.composer_placeholder')}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={MESSAGE_MAX_LENGTH}
        error={error}
        size="sm"
        data-testid="vc-composer-input"
      />
      <Group justify="space-between" gap="xs" mt={6} wrap="nowrap">
        <Text size="xs" c="dimmed" className={classes.hint}>
          {t('vesselCommunication.composer_hint')}
        </Text>
        <Group gap="sm" wrap="nowrap">
          <Text size="xs" c={body.length >= MESSAGE_MAX_LENGTH ? 'orange.8' : 'dimmed'} data-testid="vc-composer-counter" aria-live="polite">
            {t('vesselCommunication.counter', { count: body.length, max: MESSAGE_MAX_LENGTH })}
          </Text>
          <Button type="submit" size="compact-md" leftSection={<IconSend size={16} />} loading={isSending} data-testid="vc-composer-send">
            {t('vesselCommunication.send')}
          </Button>
        </Group>
      </Group>
    </form>
  );
}
