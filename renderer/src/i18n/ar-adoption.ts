import type { enAdoption } from './en-adoption';

/** العربية للعملية التي أدرجها المشرف من سجل البوابة. */
export const arAdoption: typeof enAdoption = {
  adoption: {
    mark: 'إدراج العملية من سجل البوابة',
    by: 'أدرجها {{who}}',
    nobody: 'أُدرجت دون تسجيل دخول الموظفين',
    explain:
      'كانت عملية الدفع في سجل بوابة الدفع ولم تكن في Paydesk، ولم يُخصم المبلغ من البطاقة مرة أخرى. يمكن استردادها من هنا مثل أي بيع.',
  },
};
