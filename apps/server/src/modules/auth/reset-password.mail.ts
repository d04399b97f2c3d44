// The password-reset mail in the recipient's language.
import type { TLocale } from '@quayline/domain';

type MailTexts = { subject: string; greeting: (name: string) => string; intro: string; button: string; codeLine: (code: string) => string; validity: (minutes: number) => string; ignore: string };

const TEXTS: Record<TLocale, MailTexts> = {
  en: {
    subject: 'Reset your Quayline password',
    greeting: (n) => (n ? `Hello ${n},` : 'Hello,'),
    intro: 'We received a request to reset the password of your Quayline account. Open this link to choose a new password:',
    button: 'Choose a new password',
    codeLine: (c) => `Your reset code: ${c}`,
    validity: (m) => `The link and the code can be used once and are valid for ${m} minutes.`,
    ignore: 'If you did not ask for this, you can ignore this mail; your password stays as it is.',
  },
  de: {
    subject: 'Ihr Quayline-Passwort zurücksetzen',
    greeting: (n) => (n ? `Hallo ${n},` : 'Hallo,'),
    intro: 'Wir haben eine Anfrage erhalten, das Passwort Ihres Quayline-Kontos zurückzusetzen. Öffnen Sie diesen Link, um ein neues Passwort zu wählen:',
    button: 'Neues Passwort wählen',
    codeLine: (c) => `Ihr Code zum Zurücksetzen: ${c}`,
    validity: (m) => `Link und Code sind einmal verwendbar und ${m} Minuten gültig.`,
    ignore: 'Wenn Sie dies nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.',
  },
  fr: {
    subject: 'Réinitialiser votre mot de passe Quayline',
    greeting: (n) => (n ? `Bonjour ${n},` : 'Bonjour,'),
    intro: 'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Quayline. Ouvrez ce lien pour choisir un nouveau mot de passe :',
    button: 'Choisir un nouveau mot de passe',
    codeLine: (c) => `Votre code de réinitialisation : ${c}`,
    validity: (m) => `Le lien et le code ne servent qu’une fois et sont valables ${m} minutes.`,
    ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message ; votre mot de passe reste inchangé.',
  },
  es: {
    subject: 'Restablecer su contraseña de Quayline',
    greeting: (n) => (n ? `Hola ${n}:` : 'Hola:'),
    intro: 'Hemos recibido una solicitud para restablecer la contraseña de su cuenta de Quayline. Abra este enlace para elegir una nueva contraseña:',
    button: 'Elegir una nueva contraseña',
    codeLine: (c) => `Su código de restablecimiento: ${c}`,
    validity: (m) => `El enlace y el código se pueden usar una sola vez y son válidos durante ${m} minutos.`,
    ignore: 'Si no lo ha solicitado, puede ignorar este correo; su contraseña no cambia.',
  },
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function resetPasswordMail(args: { locale: TLocale; link: string; code: string; firstName: string; validMinutes: number }) {
  const t = TEXTS[args.locale];
  const text = [t.greeting(args.firstName), '', t.intro, args.link, '', t.codeLine(args.code), t.validity(args.validMinutes), '', t.ignore].join('\n');
  const html = `<p>${escapeHtml(t.greeting(args.firstName))}</p><p>${escapeHtml(t.intro)}</p><p><a href="${escapeHtml(args.link)}">${escapeHtml(t.button)}</a></p><p>${escapeHtml(t.codeLine(args.code))}<br>${escapeHtml(t.validity(args.validMinutes))}</p><p>${escapeHtml(t.ignore)}</p>`;
  return { subject: t.subject, text, html };
}
