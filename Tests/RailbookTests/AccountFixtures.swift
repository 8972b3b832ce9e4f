import HTMLTesting
import HTTP
import Railbook
import XCTest

/// Valid identity numbers and registered users for tests.
enum AccountFixtures {
    /// A resident ID number with a correct GB 11643 check character.
    static func residentID(region: String = "110105", birth: String = "19900307", sequence: String = "123") -> String {
        let body = region + birth + sequence
        let weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
        let sum = zip(body.compactMap { $0.wholeNumberValue }, weights).reduce(0) { $0 + $1.0 * $1.1 }
        return body + String(Array("10X98765432")[sum % 11])
    }

    struct Person {
        var account = "li_lei"
        var password = "Train2026!"
        var name = "李雷"
        var certificateNumber = AccountFixtures.residentID()
        var mobile = "13812345678"
        var gender = "male"
    }

    /// Fills and submits the registration form as a person would; returns the page it leads to.
    @discardableResult
    static func register(_ person: Person = Person(), with client: TestClient) throws -> TestResponse {
        let page = try client.get("/register")
        var form = try page.document().form(action: "/register")
        try form.fill("account", person.account)
        try form.fill("password", person.password)
        try form.fill("password_confirmation", person.password)
        try form.fill("name", person.name)
        try form.fill("certificate_type", "resident_id")
        try form.fill("certificate_number", person.certificateNumber)
        try form.fill("mobile", person.mobile)
        try form.fill("gender", person.gender)
        return try client.submit(form, from: page)
    }

    /// A new logged-in client on `application`: rider number `index` (0…8), an account, name,
    /// document and mobile of their own.
    static func rider(_ index: Int, on application: Application) throws -> TestClient {
        let client = TestClient(application: application)
        var person = Person()
        person.account = "rider_\(index)"
        person.name = "乘客\(index)"
        person.certificateNumber = residentID(birth: "1990010\(index + 1)", sequence: "101")
        person.mobile = "1390000000\(index)"
        try register(person, with: client)
        return client
    }

    /// Fills and submits the login form.
    @discardableResult
    static func logIn(
        _ login: String, _ password: String, remember: Bool = false, from target: String = "/login",
        with client: TestClient
    ) throws -> TestResponse {
        let page = try client.get(target)
        var form = try page.document().form(action: "/login")
        try form.fill("login", login)
        try form.fill("password", password)
        if remember { try form.check("remember") }
        return try client.submit(form, from: page)
    }

    /// Logs out through the header's form.
    @discardableResult
    static func logOut(with client: TestClient) throws -> TestResponse {
        let page = try client.get("/me")
        return try client.submit(try page.document().form(action: "/logout"), from: page)
    }
}
