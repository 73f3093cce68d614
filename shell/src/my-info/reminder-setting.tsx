import { Spin, Switch, Typography } from 'antd';
import { showMessage } from '@yaoshi/ui/show-message';
import { useReminderSettingQuery, useSaveReminderSettingMutation } from './my-info-api';

/**
 * 学时提醒 (issue 37): whether the association may remind the learner, by SMS or mail, of
 * hours still missing before the year ends. The same setting the link in a reminder mail turns off.
 */
export function ReminderSettingSection() {
  const setting = useReminderSettingQuery();
  const [save, saving] = useSaveReminderSettingMutation();
  const toggle = async (wanted: boolean) => {
    try {
      await save({ year_end_reminders: wanted }).unwrap();
      showMessage(wanted ? '已开启学时提醒' : '已关闭学时提醒');
    } catch {
      // shown by the error catalogue
    }
  };
  return (
    <section aria-label="学时提醒">
      <Typography.Title level={5}>学时提醒</Typography.Title>
      <Typography.Paragraph type="secondary">
        年底前学时未完成时，协会可能通过短信或邮件提醒您。关闭后将不再收到学时提醒。
      </Typography.Paragraph>
      {setting.isLoading ? (
        <Spin />
      ) : (
        <Switch
          aria-label="接收学时提醒"
          checked={setting.data?.year_end_reminders ?? true}
          loading={saving.isLoading}
          checkedChildren="接收"
          unCheckedChildren="不接收"
          onChange={(wanted) => void toggle(wanted)}
        />
      )}
    </section>
  );
}
