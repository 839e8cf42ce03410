// Names of every request field a message can point at, so validation errors can say which one.

export const fieldNames = [
  'account',
  'email',
  'phone',
  'password',
  'repassword',
  'code',
  'invite_code',
  'scene',
  'type',
  'old_password',
  'real_name',
  'id_number',
  'front_img',
  'back_img',
  'file',
  'category_id',
  'id',
  'page',
  'size',
  'symbol',
  'address',
  'amount',
  'trade_password',
  'quantity',
  'turnover',
  'price',
  'take_profit',
  'stop_loss',
  'period',
  'limit',
  'before',
  'from',
  'to',
  'asset',
  'chain',
  'remark',
  'side',
  'order_id',
  'status',
  'message',
] as const;

export type FieldName = (typeof fieldNames)[number];

export function isFieldName(value: string): value is FieldName {
  return (fieldNames as readonly string[]).includes(value);
}
