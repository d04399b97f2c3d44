// Live strength bar (Weak / Medium / Strong) and the five-rule checklist; display only, it never blocks submitting.
import { Group, List, Progress, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { checkPasswordRules, MIN_PASSWORD_LENGTH, PASSWORD_RULES, passwordStrength } from '@quayline/domain';

export function PasswordStrengthBar({ password }: { password: string }) {
  const { t } = useTranslation();
  if (!password) return null;
  const strength = passwordStrength(password);
  return (
    <Stack gap={6} data-testid="strength-bar">
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {t('passwordStrength.label')}
        </Text>
        <Text size="xs" fw={700} c={strength.color} data-testid="strength-label" data-level={strength.level}>
          {t(`passwordStrength.${strength.level}`)}
        </Text>
      </Group>
      <Progress
        value={strength.percent}
        color={strength.color}
        size="sm"
        radius="xl"
        aria-label={t('passwordStrength.label')}
        transitionDuration={200}
      />
    </Stack>
  );
}

export function PasswordChecklist({ password }: { password: string }) {
  const { t } = useTranslation();
  const rules = checkPasswordRules(password);
  return (
    <Stack gap={6}>
      <Text size="xs" fw={600} c="dimmed">
        {t('passwordStrength.rules_title')}
      </Text>
      <List spacing={4} size="sm" center data-testid="password-checklist">
        {PASSWORD_RULES.map((rule) => {
          const isMet = rules[rule];
          return (
            <List.Item
              key={rule}
              data-testid={`rule-${rule}`}
              data-met={isMet}
              icon={
                <ThemeIcon size={18} radius="xl" color={isMet ? 'green' : 'gray'} variant={isMet ? 'filled' : 'light'}>
                  {isMet ? <IconCheck size={12} stroke={3} /> : <IconX size={12} stroke={2.5} />}
                </ThemeIcon>
              }
            >
              <Text size="sm" c={isMet ? 'green.8' : 'dimmed'} span>
                {t(`passwordStrength.rules.${rule}`, { min: MIN_PASSWORD_LENGTH })}
              </Text>
              <VisuallyHidden>{isMet ? t('passwordStrength.rule_met') : t('passwordStrength.rule_not_met')}</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}
