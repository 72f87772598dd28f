/** The app's mark (same drawing as public/favicon.svg); takes the theme's primary colour. */
export function Logo({ size = 28, color }: { size?: number; color: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill={color} />
      <path d="M8 12.5 10 7h12l2 5.5a3 3 0 0 1-5.3 1.9 3 3 0 0 1-5.4 0A3 3 0 0 1 8 12.5Z" fill="#fff" />
      <path d="M9.5 16.5V25h13v-8.5" fill="none" stroke="#fff" strokeWidth="2" strokeLinejoin="round" />
      <path d="M14 25v-5h4v5" fill="none" stroke="#fff" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}
