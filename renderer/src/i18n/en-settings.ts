/**
 * English for the Settings screen: the gateway and its credentials, sales, the receipt header
 * and printing.
 */
export const enSettings = {
  settings: {
    title: 'Settings',
    gateway: 'Gateway',
    environment: 'Environment',
    environments: {
      training: 'Training (simulated gateway)',
      ksa: 'Saudi Arabia',
      egypt: 'Egypt',
      uae: 'United Arab Emirates',
      custom: 'Custom URL',
    },
    customUrl: 'Gateway URL',
    returnHost: 'Return host',
    returnHostHint: 'Host name of the 3-D Secure return address. It is never opened.',
    sale: 'Sales',
    defaultCurrency: 'Default currency',
    amountCap: 'Amount cap',
    amountCapHint:
      'The largest amount one sale may take, for example 10000.00. Leave empty for no limit.',
    checkCardAfterPay: 'Check the card only after Pay',
    checkCardAfterPayHint:
      'When this is off, the card number goes to the gateway as soon as it is complete, so the customer verification opens sooner after Pay.',
    language: 'Language',
    receipt: 'Receipt header',
    merchantName: 'Merchant name',
    address: 'Address',
    vatNumber: 'VAT number',
    printing: {
      title: 'Receipt printing',
      printer: 'Receipt printer',
      systemDefault: 'System default printer',
      missingPrinter: '{{name}} (not connected)',
      silent: 'Print straight to the printer, without the print dialog',
      customerCopies: 'Customer copies',
      merchantCopies: 'Merchant copies',
      merchantCopiesHint: 'Printed after the customer copy when a sale ends. 0: none.',
      paper: 'Paper',
      papers: { '80mm': '80 mm thermal roll', '58mm': '58 mm thermal roll', a4: 'A4 sheet' },
    },
    save: 'Save settings',
    saved: 'Settings saved.',
    credentials: 'Gateway credentials',
    publicKey: 'Merchant public key',
    apiPassword: 'API password',
    saveCredentials: 'Save credentials',
    credentialsSaved: 'Credentials saved.',
    configured: 'Configured, key ending {{hint}}',
    configuredNoHint: 'Configured',
    notConfigured: 'Not configured',
    writeOnly:
      'The password is stored encrypted and never shown again. Enter both fields to replace the saved credentials.',
    credentialsFor: 'Sent only to',
    gatewayBusy:
      'Payments on this gateway are pending or awaiting the bank. Until they are settled, the gateway, its URL and credentials cannot change:',
  },
};
