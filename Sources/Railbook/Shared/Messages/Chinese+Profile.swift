/// Simplified Chinese texts of profile pages: editing details, changing the password, switching accounts.
extension Messages {
    static let chineseProfile: [String: String] = [
        "profile_edit_intro": "姓名和证件须与乘车时使用的证件一致。修改证件信息时，还需输入当前密码。",
        "profile_edit_submit": "保存修改",
        "profile_back_to_me": "返回我的铁路行",
        "label_current_password": "当前密码",
        "hint_current_password_certificate": "仅在修改证件信息时需要填写。",
        "error_certificate_needs_password": "修改证件信息须输入当前密码。",
        "error_certificate_saved_passenger": "该证件属于您的一位常用联系人，请先删除该联系人。",

        "password_change_intro": "修改后，本浏览器保持登录，其他浏览器上的登录将全部退出。",
        "label_new_password": "新密码",
        "label_new_password_confirmation": "确认新密码",
        "error_password_unchanged": "新密码不能与当前密码相同。",
        "error_current_password_required": "请输入当前密码。",
        "error_current_password_wrong": "当前密码不正确。",
        "error_current_password_throttled": "密码错误次数过多，请稍后再试。",
        "error_password_checks_busy": "现在核对密码的人较多，请几秒后再试。",

        "switch_intro": "选择本浏览器最近使用过的账号：当前账号将退出登录，并打开已填好该账号的登录页。",
        "switch_recent_heading": "最近在本浏览器使用的账号",
        "switch_current": "（当前登录）",
        "switch_none": "本浏览器还没有使用过任何账号。",
        "switch_other": "使用其他账号",
    ]
}
