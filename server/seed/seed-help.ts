/**
 * The demo help centre (GET /wps/system/helpCenter), in English and Chinese:
 * the terms and conditions (key `terms`, which the registration disclaimer
 * opens), responsible gaming, how to deposit, how to withdraw, privacy.
 * Written through the content module, which strips scripts on write.
 */
import { count, eq } from 'drizzle-orm';
import { termsHelpKey } from '../../contract/help.ts';
import type { Database } from '../db/connect.ts';
import { helpItems } from '../db/schema-catalogue.ts';
import { saveHelpItems } from '../modules/content/service.ts';

interface DemoHelpItem {
  key: string | null;
  title: string;
  content: string;
}

const termsEn = `<p>These terms apply to every account of Lucky Bay and to every game, bet and promotion on the site. By registering you confirm that you have read and accept them.</p>
<h3>1. Who may play</h3>
<ul>
<li>You must be at least 21 years old, and of legal age for gambling where you live, to register and to play. Registration refuses a birthday less than 21 years ago.</li>
<li>Online gambling is not allowed everywhere. You are responsible for making sure it is legal for you; the site is not offered where the law forbids it.</li>
<li>We may ask for proof of your age and identity at any time. An account of a person under age is closed, its bets are void and its deposits are returned.</li>
</ul>
<h3>2. One account per person</h3>
<ul>
<li>Each person may hold one account only. Further accounts of the same person are closed, and bets, bonuses and winnings on them are void.</li>
<li>The details you give (name, birthday, mobile number, e-mail, bank account) must be true, complete and your own. Keep them up to date.</li>
<li>Your account is personal: do not share, sell or lend it. Keep your password and withdrawal password secret; you are responsible for everything done with them. Tell customer service at once if you think someone else has used your account.</li>
</ul>
<h3>3. Deposits and withdrawals</h3>
<ul>
<li>Deposit only your own money, from payment methods in your own name.</li>
<li>Withdrawals are paid only to a bank account in the account holder's name. We may check your identity and the source of funds before paying, and hold a withdrawal until the checks are done.</li>
<li>The site is not a bank: no interest is paid on balances. Payment providers may charge their own fees.</li>
</ul>
<h3>4. Bonuses and promotions</h3>
<ul>
<li>Each promotion has its own rules (who may take part, wagering requirement, time limit, maximum bet), shown with the promotion. They add to these terms.</li>
<li>Unless a promotion says otherwise, a bonus may be claimed once per person, household, payment method and device.</li>
<li>A bonus and its winnings can be withdrawn only once its wagering requirement is met within its time limit; otherwise they are removed from the balance.</li>
<li>Abusing promotions (several accounts, playing together to meet requirements, betting on every outcome) voids the bonus and its winnings.</li>
</ul>
<h3>5. Responsible gaming</h3>
<p>Gaming is entertainment, not a way to earn money. Play only with money you can afford to lose, and set yourself limits of time and money. Customer service can set a deposit limit, a break or a self-exclusion on your account; a self-excluded account is not reopened before its period ends. Read "Responsible gaming" in the help centre.</p>
<h3>6. Fair play and fraud</h3>
<p>We may suspend or close an account, void its bets and withhold its winnings when we have reasonable grounds to believe that it is used for fraud, cheating, collusion with other players, automated play (bots), money laundering, stolen payment methods or the abuse of a fault of the site, or that these terms were broken in another way. We may report such cases to the payment providers and the authorities.</p>
<h3>7. Games and errors</h3>
<ul>
<li>The result recorded by our servers is final. A malfunction voids the plays and pays it affects.</li>
<li>An obvious error in odds, prices or a payout may be corrected; a balance credited by mistake is not yours and is taken back.</li>
</ul>
<h3>8. Closing your account</h3>
<p>You may close your account at any time through customer service. The remaining balance is paid out to you after the usual checks.</p>
<h3>9. Privacy</h3>
<p>We use your personal data as described in "Privacy" in the help centre.</p>
<h3>10. Changes to these terms</h3>
<p>We may change these terms. Changes apply from the day they are published here; important changes are also sent to your inbox. If you do not accept a change, stop playing and close your account.</p>`;

const termsCn = `<p>本协议适用于 Lucky Bay 的所有账户，以及本站的所有游戏、投注和优惠活动。注册即表示您已阅读并接受本协议。</p>
<h3>1. 谁可以参与</h3>
<ul>
<li>您必须年满21周岁，并达到您所在地法律规定的博彩合法年龄，方可注册和游戏。出生日期不满21周岁的注册将被拒绝。</li>
<li>网络博彩并非在所有地区都合法。您有责任确认您所在地允许参与；本站不在法律禁止的地区提供服务。</li>
<li>我们可随时要求您提供年龄和身份证明。未达年龄者的账户将被关闭，其投注无效，存款将被退还。</li>
</ul>
<h3>2. 一人一个账户</h3>
<ul>
<li>每人只能持有一个账户。同一人的其他账户将被关闭，其上的投注、红利和奖金均无效。</li>
<li>您提供的资料（姓名、出生日期、手机号、电子邮箱、银行账户）必须真实、完整且属于您本人，并请及时更新。</li>
<li>账户仅限本人使用：请勿共用、出售或出借。请妥善保管您的登录密码和提款密码；使用这些密码进行的一切操作由您负责。如怀疑他人使用了您的账户，请立即联系客服。</li>
</ul>
<h3>3. 存款与提款</h3>
<ul>
<li>请仅使用您本人名下的支付方式存入您自己的资金。</li>
<li>提款只会支付到账户持有人本人名下的银行账户。我们可在付款前核实您的身份和资金来源，并在核实完成前暂缓提款。</li>
<li>本站不是银行：余额不计利息。支付服务商可能收取其自身的费用。</li>
</ul>
<h3>4. 红利与优惠活动</h3>
<ul>
<li>每项优惠活动都有其自身规则（参与资格、流水要求、期限、最高投注额），随活动一并公布，并作为本协议的补充。</li>
<li>除活动另有说明外，每人、每户、每种支付方式和每台设备只能领取一次红利。</li>
<li>红利及其产生的奖金须在期限内完成流水要求后方可提取；否则将从余额中扣除。</li>
<li>滥用优惠（多个账户、合伙刷流水、对所有结果同时投注）将导致红利及其奖金无效。</li>
</ul>
<h3>5. 负责任博彩</h3>
<p>博彩是一种娱乐，而不是赚钱的方式。请只用您输得起的钱游戏，并为自己设定时间和金额上限。客服可为您的账户设置存款上限、暂停期或自我排除；自我排除期结束前账户不会重新开放。请阅读帮助中心的“负责任博彩”。</p>
<h3>6. 公平游戏与欺诈</h3>
<p>如有合理理由认为账户被用于欺诈、作弊、与其他玩家串通、自动程序（机器人）游戏、洗钱、使用盗用的支付方式或利用本站故障，或以其他方式违反本协议，我们可暂停或关闭该账户、取消其投注并扣留其奖金，并可向支付服务商和有关部门报告。</p>
<h3>7. 游戏与错误</h3>
<ul>
<li>以我们服务器记录的结果为准。故障期间受影响的游戏和派彩均无效。</li>
<li>赔率、价格或派彩中的明显错误可予以更正；错误存入的余额不属于您，将被收回。</li>
</ul>
<h3>8. 关闭账户</h3>
<p>您可随时通过客服关闭账户。剩余余额将在常规核查后支付给您。</p>
<h3>9. 隐私</h3>
<p>我们按照帮助中心“隐私政策”中的说明使用您的个人资料。</p>
<h3>10. 协议的变更</h3>
<p>我们可修改本协议。修改自在此公布之日起生效；重要变更还会发送到您的站内信。如您不接受修改，请停止游戏并关闭账户。</p>`;

const demoHelp: Record<'EN' | 'CN', DemoHelpItem[]> = {
  EN: [
    { key: termsHelpKey, title: 'Terms and conditions', content: termsEn },
    {
      key: 'responsible-gaming',
      title: 'Responsible gaming',
      content: `<p>We want gaming to stay fun. Only players aged 21 or over may register.</p>
<h3>Keep it under control</h3>
<ul>
<li>Decide before you play how much money and time you will spend, and stop when you reach it.</li>
<li>Never chase losses, and never play with money meant for rent, bills or food, or with borrowed money.</li>
<li>Take regular breaks, and do not play when you are upset, tired or have been drinking.</li>
</ul>
<h3>Warning signs</h3>
<p>Spending more than you planned, hiding your play from family, borrowing to play, or feeling restless when you cannot play are signs that gaming is becoming a problem.</p>
<h3>Help we offer</h3>
<p>Customer service can set a deposit limit, a break of a day to six weeks, or a self-exclusion of six months or more on your account. Limits take effect at once; raising a limit takes effect after 24 hours. If you are worried about your gaming, or someone else's, please talk to a professional support service near you.</p>`,
    },
    {
      key: 'deposit',
      title: 'How to deposit',
      content: `<ol>
<li>Log in and tap <strong>Deposit</strong> in the header.</li>
<li>Choose a payment channel. Each channel shows its minimum and maximum amount.</li>
<li>Enter the amount, and choose a promotion if you want one (read its rules first).</li>
<li>Confirm, and complete the payment on the payment page that opens.</li>
</ol>
<p>Your balance is credited when the payment provider confirms the payment, usually within a few minutes. Deposit only from payment methods in your own name. If a payment does not arrive within 30 minutes, contact customer service with the order number shown in the deposit record.</p>`,
    },
    {
      key: 'withdraw',
      title: 'How to withdraw',
      content: `<ol>
<li>Log in and tap <strong>Withdraw</strong> in the header.</li>
<li>The first time, add a bank card in your own name and set a 6-digit withdrawal password.</li>
<li>Enter the amount, within the limits shown, and your withdrawal password.</li>
<li>Confirm. The amount is held from your balance while the request is reviewed.</li>
</ol>
<p>Most withdrawals are paid within 24 hours. We may ask for proof of identity first. A bonus must meet its wagering requirement before it can be withdrawn. If a request is rejected, the amount on hold returns to your balance and the withdrawal shows as rejected in your records.</p>`,
    },
    {
      key: 'privacy',
      title: 'Privacy',
      content: `<p>This notice explains what personal data Lucky Bay keeps about you and why.</p>
<h3>What we keep</h3>
<ul>
<li>What you give us: username, mobile number, e-mail, birthday, bank account and the other registration details.</li>
<li>What your play creates: deposits, withdrawals, bets and results, logins, the device and the IP address you use.</li>
</ul>
<h3>Why</h3>
<ul>
<li>To run your account, pay your withdrawals and keep your money safe.</li>
<li>To check your age and identity, and to prevent fraud and money laundering, as the law requires.</li>
<li>To support responsible gaming and answer your questions.</li>
</ul>
<h3>Who sees it</h3>
<p>Your data is not sold. It is shared only with the payment providers and game providers that need it to serve you, and with the authorities when the law requires it.</p>
<h3>How long and your rights</h3>
<p>We keep account and transaction records for as long as the law requires after your account closes. You may ask customer service for a copy of your data, or to correct it. Passwords are stored only as one-way hashes, and we will never ask you for your password.</p>`,
    },
  ],
  CN: [
    { key: termsHelpKey, title: '用户协议', content: termsCn },
    {
      key: 'responsible-gaming',
      title: '负责任博彩',
      content: `<p>我们希望游戏始终是一种乐趣。只有年满21周岁的玩家方可注册。</p>
<h3>保持节制</h3>
<ul>
<li>游戏前先决定要花多少钱和多少时间，达到后立即停止。</li>
<li>切勿为挽回损失而追加投注，切勿使用房租、账单或生活费，也不要借钱游戏。</li>
<li>定时休息；情绪低落、疲倦或饮酒后请勿游戏。</li>
</ul>
<h3>警示信号</h3>
<p>花费超出计划、向家人隐瞒游戏、借钱游戏、无法游戏时感到焦躁不安，都是游戏正在成为问题的信号。</p>
<h3>我们提供的帮助</h3>
<p>客服可为您的账户设置存款上限、一天至六周的暂停期，或六个月以上的自我排除。限制立即生效；提高上限在24小时后生效。如您担心自己或他人的游戏行为，请向您附近的专业援助机构求助。</p>`,
    },
    {
      key: 'deposit',
      title: '如何存款',
      content: `<ol>
<li>登录后点击页头的<strong>存款</strong>。</li>
<li>选择支付渠道。每个渠道都会显示其最低和最高金额。</li>
<li>输入金额；如需参加优惠活动，请选择活动（请先阅读其规则）。</li>
<li>确认后，在打开的支付页面完成付款。</li>
</ol>
<p>支付服务商确认付款后，余额即会到账，通常只需几分钟。请仅使用您本人名下的支付方式存款。如30分钟内仍未到账，请凭存款记录中的订单号联系客服。</p>`,
    },
    {
      key: 'withdraw',
      title: '如何提款',
      content: `<ol>
<li>登录后点击页头的<strong>提款</strong>。</li>
<li>首次提款时，请添加您本人名下的银行卡并设置6位数字提款密码。</li>
<li>在显示的限额内输入金额和提款密码。</li>
<li>确认。审核期间，该金额将从您的余额中冻结。</li>
</ol>
<p>大多数提款在24小时内到账。我们可能会先要求您提供身份证明。红利须完成流水要求后方可提取。如申请被拒绝，冻结的金额将退回您的余额，该笔提款在记录中显示为已拒绝。</p>`,
    },
    {
      key: 'privacy',
      title: '隐私政策',
      content: `<p>本政策说明 Lucky Bay 保存您的哪些个人资料以及原因。</p>
<h3>我们保存的资料</h3>
<ul>
<li>您提供的资料：用户名、手机号、电子邮箱、出生日期、银行账户及其他注册资料。</li>
<li>您的游戏产生的资料：存款、提款、投注及结果、登录记录、您使用的设备和IP地址。</li>
</ul>
<h3>用途</h3>
<ul>
<li>运营您的账户、支付您的提款并保障您的资金安全。</li>
<li>依法核实您的年龄和身份，防范欺诈和洗钱。</li>
<li>支持负责任博彩并解答您的问题。</li>
</ul>
<h3>谁能看到</h3>
<p>我们不会出售您的资料。仅与为您提供服务所需的支付服务商和游戏供应商共享，并在法律要求时提供给有关部门。</p>
<h3>保存期限与您的权利</h3>
<p>账户关闭后，我们会按法律要求的期限保存账户和交易记录。您可以通过客服索取您的资料副本或要求更正。密码仅以单向哈希形式保存，我们绝不会向您索要密码。</p>`,
    },
  ],
};

/** The demo help items of a merchant, one row per item and language, in sequence. */
export function demoHelpItems(merchantCode: string) {
  return Object.entries(demoHelp).flatMap(([language, items]) =>
    items.map((item, i) => ({ merchantCode, language, key: item.key, title: item.title, content: item.content, sequence: i + 1 })),
  );
}

/** Seeds the demo help centre of a merchant when it has no help item yet. Returns whether it seeded. */
export async function seedHelpIfEmpty(db: Database, merchantCode: string): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(helpItems).where(eq(helpItems.merchantCode, merchantCode));
  if ((existing?.n ?? 0) > 0) return false;
  await saveHelpItems(db, demoHelpItems(merchantCode));
  return true;
}
