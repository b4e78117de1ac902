export interface Message {
  channel: 'sms' | 'mail';
  /** phone number or mail address */
  to: string;
  subject: string;
  body: string;
}

/** Sends SMS and mail. Default: the outbox table (readable by the platform admin) and the log. */
export interface Notifier {
  send(msg: Message): Promise<void>;
}
