import { ContactBlock, EmailLink, useOperator } from "../../components/policy";

export function meta() {
  return [{ title: "Privacy Policy" }];
}

export default function PrivacyPolicy() {
  const op = useOperator();
  return (
    <>
      <h1>Privacy Policy</h1>
      <p>
        {op.companyName} ("we") runs {op.storeName}. This policy explains what personal data we collect, why, and your
        rights under the Digital Personal Data Protection Act, 2023.
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>What you enter at checkout: name, phone, email, delivery address, company name and GSTIN.</li>
        <li>Your phone number when you sign in with a one-time code.</li>
        <li>
          Your orders and, for online payments, the payment status our gateway reports. We never see or store card or
          UPI details.
        </li>
        <li>Your email address if you subscribe to our newsletter.</li>
        <li>Technical data needed to run the site safely, such as your IP address in short-lived security records.</li>
      </ul>
      <h2>Why we use it</h2>
      <p>
        To deliver and invoice your orders, to let you sign in and see your order history, to prevent fraud and abuse,
        and, if you subscribed, to send you our newsletter. We do not sell your data.
      </p>
      <h2>Who we share it with</h2>
      <p>
        Only those who help us serve you: our delivery partners (name, phone, address), our payment gateway (amount and
        order number), and our SMS provider (your phone number, to send sign-in codes).
      </p>
      <h2>Cookies and local storage</h2>
      <p>
        We use a few cookies and browser storage entries that the store needs: your cart, your delivery location, your
        sign-in session and a security token. We use no advertising cookies.
      </p>
      <h2>Your rights</h2>
      <p>
        You may ask to see, correct or erase your data, or withdraw consent, by writing to <EmailLink operator={op} />.
        Unsubscribing from the newsletter takes effect immediately. We keep order records as long as tax law requires.
      </p>
      <ContactBlock operator={op}>
        <p>Our grievance officer can be reached at the address below.</p>
      </ContactBlock>
    </>
  );
}
