"""What a person reads on Railbook's pages, in each language the journeys are taken in."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Words:
    welcome_start: str
    register_link: str
    register_submit: str
    account: str
    password: str
    password_again: str
    passwords_differ: str
    name: str
    document_type: str
    resident_id: str
    document_number: str
    mobile: str
    gender: str
    male: str
    logout: str
    login_link: str
    login_name: str
    login_password: str
    tickets_link: str
    search_from: str
    search_to: str
    search_submit: str
    next_day: str
    book: str
    submit_order: str
    add_passenger: str
    pay_now: str
    pay: str
    tickets_issued: str
    e_ticket: str
    refund: str
    refund_confirm: str
    ticket_refunded: str
    shop_link: str
    g1_dining_car: str
    add_to_cart: str
    check_out: str
    place_order: str
    meal_paid: str
    my_railbook: str
    my_complaints: str
    new_complaint: str
    submit_complaint: str
    complaint_order: str
    complaint_category: str
    category_seat: str
    complaint_text: str
    complaint_words: str
    complaint_filed: str
    login_submit: str
    admin_link: str
    complaint_queue: str
    desk_reply: str
    desk_reply_words: str
    send_reply: str
    reply_sent: str
    desk_status: str
    resolved: str
    change_status: str


ENGLISH = Words(
    welcome_start="Start", register_link="Register", register_submit="Register",
    account="Account name", password="Password", password_again="Password again",
    passwords_differ="The two passwords do not match.", name="Name", document_type="Identity document",
    resident_id="Chinese resident ID card", document_number="Document number", mobile="Mobile number",
    gender="Gender", male="Male", logout="Log out", login_link="Log in",
    login_name="Account or mobile number", login_password="Password", tickets_link="Tickets",
    search_from="From", search_to="To", search_submit="Search trains", next_day="Next day →",
    book="Book", submit_order="Submit order", add_passenger="Add a passenger", pay_now="Pay now", pay="Pay",
    tickets_issued="Your tickets are issued.", e_ticket="E-ticket", refund="Refund",
    refund_confirm="Refund this ticket", ticket_refunded="The ticket was refunded",
    shop_link="Shop", g1_dining_car="Dining car of train G1", add_to_cart="Add to cart",
    check_out="Check out", place_order="Place order and pay", meal_paid="Paid, waiting for the shop",
    my_railbook="My Railbook", my_complaints="My complaints", new_complaint="New complaint",
    submit_complaint="Submit complaint", complaint_order="Order", complaint_category="What went wrong", category_seat="Seat or berth",
    complaint_text="Describe the problem",
    complaint_words="My seat's reading light does not work, and the seat would not recline.",
    complaint_filed="Your complaint has been filed.",
    login_submit="Log in", admin_link="Admin", complaint_queue="Complaint desk queue",
    desk_reply="Reply as the service desk",
    desk_reply_words="We are sorry. The conductor will move you to a working seat; the light is reported for repair.",
    send_reply="Send reply", reply_sent="The reply has been sent.", desk_status="Status", resolved="Resolved",
    change_status="Change status",
)

CHINESE = Words(
    welcome_start="开始", register_link="注册", register_submit="注册",
    account="用户名", password="密码", password_again="确认密码",
    passwords_differ="两次输入的密码不一致。", name="姓名", document_type="证件类型",
    resident_id="中国居民身份证", document_number="证件号码", mobile="手机号码",
    gender="性别", male="男", logout="退出", login_link="登录",
    login_name="用户名或手机号", login_password="密码", tickets_link="车票",
    search_from="出发地", search_to="目的地", search_submit="查询车次", next_day="后一天 →",
    book="预订", submit_order="提交订单", add_passenger="添加乘车人", pay_now="立即支付", pay="支付",
    tickets_issued="车票已出票", e_ticket="电子客票", refund="退票",
    refund_confirm="确认退票", ticket_refunded="已退票",
    shop_link="商城", g1_dining_car="G1 次列车餐车", add_to_cart="加入购物车",
    check_out="去结算", place_order="提交订单并支付", meal_paid="已支付，待接单",
    my_railbook="我的", my_complaints="我的投诉", new_complaint="我要投诉",
    submit_complaint="提交投诉", complaint_order="订单", complaint_category="投诉类型", category_seat="座位或铺位",
    complaint_text="问题描述", complaint_words="座位的阅读灯不亮，座椅也无法调节靠背。",
    complaint_filed="您的投诉已提交",
    login_submit="登录", admin_link="管理", complaint_queue="投诉处理队列", desk_reply="以客服身份答复",
    desk_reply_words="非常抱歉。列车长会为您调换到正常的座位，阅读灯已报修。",
    send_reply="发送答复", reply_sent="答复已发送。", desk_status="状态", resolved="已处理", change_status="更改状态",
)

WORDS = {"en": ENGLISH, "zh-CN": CHINESE}
