/** A gear, drawn with the current text colour. */
export function SettingsIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        fillRule="evenodd"
        d="M6.9 1h2.2l.4 1.9c.4.2.8.4 1.1.6l1.8-.6 1.1 1.9-1.4 1.3a5 5 0 0 1 0 1.3l1.4 1.3-1.1 1.9-1.8-.6c-.3.3-.7.5-1.1.6L9.1 15H6.9l-.4-1.9a5 5 0 0 1-1.1-.6l-1.8.6-1.1-1.9 1.4-1.3a5 5 0 0 1 0-1.3L2.5 7.3l1.1-1.9 1.8.6c.3-.3.7-.5 1.1-.6L6.9 1ZM8 10.2a2.2 2.2 0 1 0 0-4.4 2.2 2.2 0 0 0 0 4.4Z"
      />
    </svg>
  );
}
