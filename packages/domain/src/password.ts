// Password rules of spec sections 4 and 5: the checklist, the strength bar, and the server's acceptance test.
export const MIN_PASSWORD_LENGTH = 10;
export const PASSWORD_SPECIAL_CHARACTERS = `!@#$%^&*()_+-=[]{};':"\\|,.<>/?`;

export const PASSWORD_RULES = ['length', 'lower', 'upper', 'digit', 'special'] as const;
export type TPasswordRule = (typeof PASSWORD_RULES)[number];

export function checkPasswordRules(password: string): Record<TPasswordRule, boolean> {
  return {
    length: password.length >= MIN_PASSWORD_LENGTH,
    lower: /[a-z]/.test(password),
    upper: /[A-Z]/.test(password),
    digit: /[0-9]/.test(password),
    special: [...password].some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c)),
  };
}

export function isPasswordAcceptable(password: string): boolean {
  return Object.values(checkPasswordRules(password)).every(Boolean);
}

export type TPasswordStrength = { level: 'weak' | 'medium' | 'strong'; percent: 33 | 66 | 100; color: 'red' | 'orange' | 'green'; satisfied: number };

/** 0-2 rules Weak (33 %, red), 3-4 Medium (66 %, orange), 5 Strong (100 %, green). */
export function passwordStrength(password: string): TPasswordStrength {
  const satisfied = Object.values(checkPasswordRules(password)).filter(Boolean).length;
  if (satisfied <= 2) return { level: 'weak', percent: 33, color: 'red', satisfied };
  if (satisfied <= 4) return { level: 'medium', percent: 66, color: 'orange', satisfied };
  return { level: 'strong', percent: 100, color: 'green', satisfied };
}
