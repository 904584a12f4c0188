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

export const RunIcon = () => <Line width="1.8" d="M4 10h11m-4-5 5 5-5 5" />;

export const RegenerateIcon = () => <Line width="1.8" d="M15.5 8A6 6 0 1 0 16 12M16 3.5V8h-4.5" />;
