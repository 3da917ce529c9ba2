/** What the Import dialog's file picker offers: every format the importer reads (the content decides). */
export const IMPORT_ACCEPT = '.json,.mm,.opml,.md,.markdown,.txt,.txtmap,.xmind,application/json,text/*';
