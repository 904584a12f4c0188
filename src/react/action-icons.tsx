import { Icon } from './icons';

export const CheckIcon = () => (
  <Icon>
    <path
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      d="m4 10.5 4 4 8-9"
    />
  </Icon>
);

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

export const InsertIcon = () => (
  <Icon>
    <path
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      d="M10 3v9m-4-4 4 4 4-4M4 17h12"
    />
  </Icon>
);

export const StopIcon = () => (
  <Icon>
    <rect x="5" y="5" width="10" height="10" rx="1.5" fill="currentColor" />
  </Icon>
);

export const ReplaceIcon = () => (
  <Icon>
    <path
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      d="M4 7h10m-3-3 3 3-3 3M16 13H6m3 3-3-3 3-3"
    />
  </Icon>
);

export const RunIcon = () => (
  <Icon>
    <path
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      d="M4 10h11m-4-5 5 5-5 5"
    />
  </Icon>
);

export const RegenerateIcon = () => (
  <Icon>
    <path
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      d="M15.5 8A6 6 0 1 0 16 12M16 3.5V8h-4.5"
    />
  </Icon>
);
