// Every call of the API in one list: the server registers from it and docs/api.md is generated from it.
import {
  forgetPassword,
  login,
  logout,
  register,
  sendEmailCode,
  sendSmsCode,
} from './api/account.schema.ts';
import {
  aboutDocument,
  articleDetail,
  articles,
  customerService,
  home,
  logo,
  msbDocument,
  notices,
  securityDocument,
  uploadImage,
} from './api/content.schema.ts';
import {
  contractMarkets,
  depth,
  kline,
  secondMarkets,
  spotMarkets,
  trades,
} from './api/market.schema.ts';
import {
  changePassword,
  inviteInfo,
  sendSecurityCode,
  setTradePassword,
  submitVerification,
  userInfo,
  verificationInfo,
} from './api/security.schema.ts';
import { cancelSpotOrder, placeSpotOrder, spotOrders, spotRules } from './api/spot.schema.ts';
import { supportMessages, supportSend } from './api/support.schema.ts';
import {
  addressAdd,
  addressDelete,
  addresses,
  assets,
  balances,
  depositAddress,
  deposits,
  records,
  transfer,
  withdraw,
  withdrawals,
  withdrawCancel,
} from './api/wallet.schema.ts';
import type { Endpoint } from './endpoint.ts';

export * as accountApi from './api/account.schema.ts';
export * as contentApi from './api/content.schema.ts';
export * as marketApi from './api/market.schema.ts';
export * as securityApi from './api/security.schema.ts';
export * as spotApi from './api/spot.schema.ts';
export * as supportApi from './api/support.schema.ts';
export * as walletApi from './api/wallet.schema.ts';

export const endpoints: readonly Endpoint[] = [
  home,
  notices,
  secondMarkets,
  customerService,
  logo,
  sendEmailCode,
  sendSmsCode,
  aboutDocument,
  articles,
  articleDetail,
  msbDocument,
  securityDocument,
  uploadImage,
  spotMarkets,
  contractMarkets,
  kline,
  depth,
  trades,
  login,
  register,
  forgetPassword,
  userInfo,
  logout,
  sendSecurityCode,
  inviteInfo,
  verificationInfo,
  submitVerification,
  changePassword,
  setTradePassword,
  balances,
  assets,
  depositAddress,
  deposits,
  withdraw,
  withdrawCancel,
  withdrawals,
  transfer,
  addresses,
  addressAdd,
  addressDelete,
  records,
  spotRules,
  placeSpotOrder,
  cancelSpotOrder,
  spotOrders,
  supportMessages,
  supportSend,
];
