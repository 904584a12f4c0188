import { Plugin } from '@ckeditor/ckeditor5-core';
import { ButtonView } from '@ckeditor/ckeditor5-ui';
import { localeOf } from '../i18n/locale';

declare module '@ckeditor/ckeditor5-core' {
  interface PluginsMap {
    [AskAiUI.pluginName]: AskAiUI;
  }
}

const LABELS: Readonly<Record<string, string>> = { en: 'Ask AI', de: 'KI fragen' };
const SPARKLE =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20"><path d="M9 1.5 10.7 6.3 15.5 8 10.7 9.7 9 ' +
  '14.5 7.3 9.7 2.5 8 7.3 6.3Z"/><path d="M15.5 12l.9 2.1 2.1.9-2.1.9-.9 2.1-.9-2.1-2.1-.9 2.1-.9Z"/></svg>';

/** The keystroke that opens the dialog: Ctrl+J (⌘J on a Mac), as in Tiptap's and Notion's AI. */
export const ASK_AI_KEYSTROKE = 'Ctrl+J';

/** The toolbar button `askAi` and the keystroke, both running the `askAi` command. */
export class AskAiUI extends Plugin {
  static get pluginName() {
    return 'AskAiUI' as const;
  }

  static override get isOfficialPlugin(): false {
    return false;
  }

  init() {
    const { editor } = this;
    const config = () => editor.config.get('askAi') ?? {};
    const label = () =>
      config().messages?.trigger ?? LABELS[localeOf(config().locale ?? editor.locale.uiLanguage)] ?? LABELS.en;
    editor.ui.componentFactory.add('askAi', (locale) => {
      const button = new ButtonView(locale);
      const command = editor.commands.get('askAi')!;
      button.set({
        label: label(),
        icon: SPARKLE,
        tooltip: true,
        withText: true,
        keystroke: ASK_AI_KEYSTROKE,
        class: 'ask-ai-ckeditor-button',
      });
      button.bind('isEnabled').to(command, 'isEnabled');
      this.listenTo(button, 'execute', () => editor.execute('askAi'));
      return button;
    });
    editor.keystrokes.set(ASK_AI_KEYSTROKE, (_data, cancel) => {
      if (!editor.commands.get('askAi')?.isEnabled) return;
      editor.execute('askAi');
      cancel();
    });
  }
}
