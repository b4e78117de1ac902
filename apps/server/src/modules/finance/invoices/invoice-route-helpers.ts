/** The OpenAPI group of the invoice routes. */
export const INVOICE_TAGS = ['发票'];
/** finance of the institute (and the platform): the service checks which institute */
export const INSTITUTE_SIDE = { accountTypes: [0, 1] };
