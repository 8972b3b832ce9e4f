/// Simplified Chinese texts of the feedback pages and the footer link to them.
extension Messages {
    static let chineseFeedback: [String: String] = [
        "footer_feedback": "意见反馈",
        "feedback_title": "意见反馈",
        "feedback_intro": "告诉我们哪里需要改进、网站出了什么问题，或者您满意的地方。每条反馈我们都会阅读。",
        "feedback_submit": "提交反馈",
        "feedback_thanks_title": "感谢您的反馈",
        "feedback_thanks": "感谢您的反馈，我们已收到。如您留下了联系方式，我们会尽快回复。",
        "feedback_another": "继续反馈",
        "label_feedback_category": "反馈类型",
        "label_feedback_text": "反馈内容",
        "label_feedback_contact": "邮箱或手机号码",
        "hint_feedback_text": "10–2000 个字。",
        "hint_feedback_contact": "方便我们回复您。",
        "feedback_category_suggestion": "建议",
        "feedback_category_website_problem": "网站问题",
        "feedback_category_praise": "表扬",
        "feedback_category_other": "其他",
        "error_feedback_category": "请选择反馈类型。",
        "error_feedback_text": "请填写 10–2000 个字的反馈内容。",
        "error_feedback_contact": "请填写邮箱地址或以 1 开头的 11 位手机号码，也可以不填。",
        "error_feedback_too_many": "提交过于频繁：最多可提交 %@ 条反馈（每 %@ 分钟内）。请 %@ 分钟后再试，您填写的内容已保留。",
    ]
}
