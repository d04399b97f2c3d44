import { describe, expect, it } from 'vitest';
import { checkPasswordRules, isPasswordAcceptable, passwordStrength } from './password';

describe('password rules', () => {
  it('checks the five rules of spec section 5', () => {
    expect(checkPasswordRules('')).toEqual({ length: false, lower: false, upper: false, digit: false, special: false });
    expect(checkPasswordRules('Quayline-Demo-2026!')).toEqual({ length: true, lower: true, upper: true, digit: true, special: true });
    expect(checkPasswordRules('aaaaaaaaa').length).toBe(false);
    expect(checkPasswordRules('aaaaaaaaaa').length).toBe(true);
  });

  it.each([...`!@#$%^&*()_+-=[]{};':"\\|,.<>/?`])('counts %s as a special character', (c) => {
    expect(checkPasswordRules(`x${c}`).special).toBe(true);
  });

  it('does not count a space or a letter with an accent as special', () => {
    expect(checkPasswordRules('a b').special).toBe(false);
    expect(checkPasswordRules('é').special).toBe(false);
  });

  it('grades 0-2 rules Weak 33 % red, 3-4 Medium 66 % orange, 5 Strong 100 % green', () => {
    expect(passwordStrength('')).toMatchObject({ level: 'weak', percent: 33, color: 'red', satisfied: 0 });
    expect(passwordStrength('ab')).toMatchObject({ level: 'weak', satisfied: 1 });
    expect(passwordStrength('aB')).toMatchObject({ level: 'weak', satisfied: 2 });
    expect(passwordStrength('aB1')).toMatchObject({ level: 'medium', percent: 66, color: 'orange', satisfied: 3 });
    expect(passwordStrength('aB1!')).toMatchObject({ level: 'medium', satisfied: 4 });
    expect(passwordStrength('aB1!aaaaaa')).toMatchObject({ level: 'strong', percent: 100, color: 'green', satisfied: 5 });
  });

  it('accepts only passwords that meet all five rules', () => {
    expect(isPasswordAcceptable('aB1!aaaaaa')).toBe(true);
    expect(isPasswordAcceptable('aB1!aaaaa')).toBe(false);
    expect(isPasswordAcceptable('ab1!aaaaaa')).toBe(false);
  });
});
