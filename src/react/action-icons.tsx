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
