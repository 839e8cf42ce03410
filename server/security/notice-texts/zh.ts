// Security notices in Chinese. Placeholders in braces are filled in by notices.ts.
import type { NoticeLanguage } from './types.ts';

const notYou = '如非本人操作，请立即修改密码并联系客服。';

export const zh: NoticeLanguage = {
  kinds: {
    new_device_login: {
      subject: '{brand}：新设备登录',
      mail: `您的 {brand} 账户 {account} 于 {at} 在新设备上登录：{device}，地址 {ip}。${notYou}`,
      sms: '{brand}：新设备登录（{device}，{ip}）。',
    },
    password_changed: {
      subject: '{brand}：登录密码已修改',
      mail: `您的 {brand} 账户 {account} 的登录密码已于 {at} 修改。其他设备已退出登录，提现将暂停一段时间。${notYou}`,
      sms: '{brand}：您的登录密码已修改。',
    },
    trade_password_changed: {
      subject: '{brand}：交易密码已修改',
      mail: `您的 {brand} 账户 {account} 的交易密码已于 {at} 修改。提现将暂停一段时间。${notYou}`,
      sms: '{brand}：您的交易密码已修改。',
    },
    totp_bound: {
      subject: '{brand}：已开启身份验证器',
      mail: `您的 {brand} 账户 {account} 已于 {at} 绑定身份验证器应用。${notYou}`,
      sms: '{brand}：您的账户已绑定身份验证器。',
    },
    totp_unbound: {
      subject: '{brand}：已关闭身份验证器',
      mail: `您的 {brand} 账户 {account} 的身份验证器已于 {at} 解绑。提现将暂停一段时间。${notYou}`,
      sms: '{brand}：您的身份验证器已解绑。',
    },
    passkey_added: {
      subject: '{brand}：已添加通行密钥',
      mail: `名为“{name}”的通行密钥已于 {at} 添加到您的 {brand} 账户 {account}。${notYou}`,
      sms: '{brand}：已添加通行密钥“{name}”。',
    },
    passkey_removed: {
      subject: '{brand}：已删除通行密钥',
      mail: `名为“{name}”的通行密钥已于 {at} 从您的 {brand} 账户 {account} 删除。提现将暂停一段时间。${notYou}`,
      sms: '{brand}：已删除通行密钥“{name}”。',
    },
    api_key_created: {
      subject: '{brand}：已创建 API 密钥',
      mail: `名为“{name}”的 API 密钥已于 {at} 在您的 {brand} 账户 {account} 中创建。${notYou}`,
      sms: '{brand}：已创建 API 密钥“{name}”。',
    },
    api_key_deleted: {
      subject: '{brand}：已删除 API 密钥',
      mail: '名为“{name}”的 API 密钥已于 {at} 从您的 {brand} 账户 {account} 删除，使用它的程序将无法再调用。',
      sms: '{brand}：已删除 API 密钥“{name}”。',
    },
    phone_bound: {
      subject: '{brand}：手机号已更改',
      mail: `手机号 {phone} 已于 {at} 绑定到您的 {brand} 账户 {account}。提现将暂停一段时间。${notYou}`,
      sms: '{brand}：手机号 {phone} 已绑定到您的账户。',
    },
    address_added: {
      subject: '{brand}：新增提现地址',
      mail: `您的 {brand} 账户 {account} 新增了一个 {chain} 链上的 {asset} 提现地址：{address}。该地址自 {usableFrom} 起可接收提现。${notYou}`,
      sms: '{brand}：新增 {asset} 提现地址 {address}。',
    },
    withdrawal_requested: {
      subject: '{brand}：提现申请',
      mail: `您的 {brand} 账户 {account} 于 {at} 申请提现 {amount} {asset} 至 {address}。${notYou}`,
      sms: '{brand}：已申请提现 {amount} {asset}。',
    },
    recovery_code_used: {
      subject: '{brand}：恢复码已使用',
      mail: `您的 {brand} 账户 {account} 于 {at} 使用了一个恢复码，剩余 {left} 个。提现将暂停一段时间。${notYou}`,
      sms: '{brand}：已使用一个恢复码，剩余 {left} 个。',
    },
    anti_phishing_set: {
      subject: '{brand}：防钓鱼码已设置',
      mail: `您的 {brand} 账户 {account} 已于 {at} 设置防钓鱼码。{brand} 发出的每封邮件都会附带此码，没有此码的邮件并非来自我们。${notYou}`,
      sms: '{brand}：您的防钓鱼码已设置。',
    },
    whitelist_disabled: {
      subject: '{brand}：已关闭白名单模式',
      mail: `您的 {brand} 账户 {account} 已于 {at} 关闭白名单模式：提现可发往任意地址。提现将暂停一段时间。${notYou}`,
      sms: '{brand}：白名单模式已关闭。',
    },
    login_guesses_blocked: {
      subject: '{brand}：您的账户被输入了错误的登录密码',
      mail: '{brand} 在 {minutes} 分钟内拒绝了您的账户 {account} 的 {refused} 次错误登录密码。在 {until} 之前，除您曾登录过的网络外，登录均被阻止；已登录的设备保持登录。您的密码没有泄露。如非本人操作，无需处理，但最好使用一个未在别处使用过的强密码。如需在此之前从其他地方登录，请通过“忘记密码”重置密码：这也会解除阻止。',
      sms: '{brand}：已拒绝 {refused} 次错误登录密码；{until} 之前来自新网络的登录被阻止。',
    },
    trade_guesses_blocked: {
      subject: '{brand}：您的账户被输入了错误的交易密码',
      mail: '{brand} 在 {minutes} 分钟内拒绝了您的账户 {account} 的 {refused} 次错误交易密码，因此 {until} 之前提现被阻止。您的交易密码没有泄露。只有已登录您账户的人才能输入交易密码。如非本人操作，请立即修改登录密码（其他所有设备将退出登录），并用发送给您的验证码设置新的交易密码：这也会解除阻止。',
      sms: '{brand}：已拒绝 {refused} 次错误交易密码；{until} 之前提现被阻止。',
    },
    totp_guesses_blocked: {
      subject: '{brand}：您的账户被输入了错误的身份验证器验证码',
      mail: '{brand} 在 {minutes} 分钟内拒绝了您的账户 {account} 的 {refused} 次错误身份验证器验证码或恢复码，因此 {until} 之前不再接受验证码。您的身份验证器没有泄露，但输入这些验证码的人可能知道您的密码。如非本人操作，请通过“忘记密码”重置来修改登录密码：所有设备将退出登录，阻止也随之解除。',
      sms: '{brand}：已拒绝 {refused} 次错误身份验证器验证码；{until} 之前不接受验证码。',
    },
  },
};
