/** The sandbox wallet's EIP-6963 icon: a data URI (EIP-6963 asks for one), drawn here so nothing is fetched. */
export const sandboxWalletIcon =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#8a5a00"/>' +
      '<rect x="7" y="10" width="18" height="13" rx="3" fill="none" stroke="#fff" stroke-width="2.2"/>' +
      '<circle cx="20.5" cy="16.5" r="1.8" fill="#fff"/></svg>',
  )
