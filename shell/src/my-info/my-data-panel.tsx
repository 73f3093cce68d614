import { useState } from 'react';
import { Alert, Button, Input, Modal, Space, Spin, Tag, Typography } from 'antd';
import type { ClosureRequest } from '@yaoshi/contracts/personal-data';
import { CLOSURE_KEEPS, CLOSURE_REASON_MAX_LENGTH, CLOSURE_REMOVES } from '@yaoshi/contracts/personal-data-rules';
import { downloadBlob } from '@yaoshi/ui/download';
import { showMessage } from '@yaoshi/ui/show-message';
import { ReminderSettingSection } from './reminder-setting';
import { useAskClosureMutation, useMyClosureQuery, useMyDataMutation, useWithdrawClosureMutation } from './my-info-api';

const STATUS_COLOUR: Readonly<Record<ClosureRequest['status'], string>> = {
  pending: 'blue',
  approved: 'default',
  refused: 'red',
  withdrawn: 'default',
};

/**
 * /myInfo 个人信息与账号 (PIPL art. 45 and 47): download what the site holds about the learner
 * as a JSON file, and ask for the account to be closed, following the request's state.
 */
export function MyDataPanel() {
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%', maxWidth: 760 }}>
      <DownloadSection />
      <ReminderSettingSection />
      <ClosureSection />
    </Space>
  );
}

function DownloadSection() {
  const [fetchData, { isLoading }] = useMyDataMutation();
  const download = async () => {
    try {
      const { file_name, data } = await fetchData().unwrap();
      downloadBlob(file_name, new Blob([JSON.stringify(data, null, 2)], { type: 'application/json;charset=utf-8' }));
      showMessage('已下载您的个人信息');
    } catch {
      // shown by the error catalogue
    }
  };
  return (
    <section aria-label="下载我的个人信息">
      <Typography.Title level={5}>下载我的个人信息</Typography.Title>
      <Typography.Paragraph>
        一个 JSON 文件，包含本平台保存的您的资料、订单、退款、发票、学习与学时记录、考试记录、学时证明，
        以及人脸照片的拍摄日期和审核状态（不含照片本身）。时间均为北京时间。
      </Typography.Paragraph>
      <Button type="primary" loading={isLoading} onClick={() => void download()}>
        下载我的个人信息
      </Button>
    </section>
  );
}

function ClosureSection() {
  const closure = useMyClosureQuery(undefined, { refetchOnMountOrArgChange: true });
  const [ask, asking] = useAskClosureMutation();
  const [withdraw, withdrawing] = useWithdrawClosureMutation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const request = closure.data?.request ?? null;
  const pending = request?.status === 'pending';
  const submit = async () => {
    try {
      await ask({ reason: reason.trim() }).unwrap();
      setOpen(false);
      setReason('');
      showMessage('注销申请已提交，协会处理后您可在此查看结果');
    } catch {
      // shown by the error catalogue
    }
  };
  return (
    <section aria-label="注销账号">
      <Typography.Title level={5}>注销账号</Typography.Title>
      <Typography.Paragraph>
        注销由协会学员管理人员审核办理。同意注销后，将保留{CLOSURE_KEEPS}；删除{CLOSURE_REMOVES}。
      </Typography.Paragraph>
      {closure.isLoading ? (
        <Spin />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {request && (
            <Alert
              type={request.status === 'refused' ? 'warning' : 'info'}
              showIcon
              data-testid="closure-state"
              title={
                <Space>
                  <span>注销申请</span>
                  <Tag color={STATUS_COLOUR[request.status]}>{request.status_text}</Tag>
                </Space>
              }
              description={
                <>
                  <div>申请时间：{request.requested_at}</div>
                  {request.decided_at && <div>处理时间：{request.decided_at}</div>}
                  {request.refuse_reason && <div>未同意的原因：{request.refuse_reason}</div>}
                </>
              }
            />
          )}
          {pending ? (
            <Button
              loading={withdrawing.isLoading}
              onClick={() =>
                void withdraw()
                  .unwrap()
                  .then(() => showMessage('已撤回注销申请'))
                  .catch(() => undefined)
              }
            >
              撤回注销申请
            </Button>
          ) : (
            <Button danger onClick={() => setOpen(true)}>
              申请注销账号
            </Button>
          )}
        </Space>
      )}
      <Modal
        title="申请注销账号"
        open={open}
        onCancel={() => setOpen(false)}
        onOk={() => void submit()}
        okText="提交申请"
        okButtonProps={{ danger: true }}
        cancelText="取消"
        confirmLoading={asking.isLoading}
        destroyOnHidden
      >
        <Typography.Paragraph>
          提交后由协会审核。同意注销后账号将无法再登录，且不能恢复。建议先下载您的个人信息和学时证明。
        </Typography.Paragraph>
        <Input.TextArea
          aria-label="注销原因（选填）"
          placeholder="注销原因（选填）"
          value={reason}
          maxLength={CLOSURE_REASON_MAX_LENGTH}
          showCount
          rows={3}
          onChange={(event) => setReason(event.target.value)}
        />
      </Modal>
    </section>
  );
}
