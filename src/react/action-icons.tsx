import { Icon } from './icons';

/** A stroked line icon in the text's colour, rounded. */
const Line = ({ d, width }: { d: string; width: string }) => (
  <Icon>
    <path fill="none" stroke="currentColor" strokeWidth={width} strokeLinecap="round" strokeLinejoin="round" d={d} />
  </Icon>
);

export const CheckIcon = () => <Line width="2" d="m4 10.5 4 4 8-9" />;

export const FailIcon = () => (
  <Icon>
    <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="m6 6 8 8M14 6l-8 8" />
  </Icon>
);

export const CopyIcon = () => (
  <Icon>
    <path fill="none" stroke="currentColor" strokeWidth="1.6" d="M7 7h9v10H7zM4 13V3h9" />
  </Icon>
);

export const InsertIcon = () => <Line width="1.8" d="M10 3v9m-4-4 4 4 4-4M4 17h12" />;

export const StopIcon = () => (
  <Icon>
    <rect x="5" y="5" width="10" height="10" rx="1.5" fill="currentColor" />
  </Icon>
);

export const ReplaceIcon = () => <Line width="1.8" d="M4 7h10m-3-3 3 3-3 3M16 13H6m3 3-3-3 3-3" />;

/** An arrow up, as chat prompts send. */
export const SendIcon = () => <Line width="1.8" d="M10 16V4m-5 5 5-5 5 5" />;

export const ThumbUpIcon = () => (
  <Line
    width="1.5"
    d="M6 9v8H3.5V9zM6 9l3.5-6c1.2 0 2 .9 1.8 2.1L10.8 8h4.4c1 0 1.8 1 1.5 2l-1.4 5.6c-.2.8-.9 1.4-1.7 1.4H6"
  />
);

export const ThumbDownIcon = () => (
  <Line
    width="1.5"
    d="M6 11V3H3.5v8zM6 11l3.5 6c1.2 0 2-.9 1.8-2.1L10.8 12h4.4c1 0 1.8-1 1.5-2l-1.4-5.6C15.1 3.6 14.4 3 13.6 3H6"
  />
);

export const RegenerateIcon = () => <Line width="1.8" d="M15.5 8A6 6 0 1 0 16 12M16 3.5V8h-4.5" />;
