// The browser side of the sandbox's Razorpay Checkout, served as `/razorpay/checkout.js` (never in production).
// It defines `window.Razorpay` with the contract of Razorpay's Checkout (`new Razorpay(options)`,
// `.on('payment.failed', cb)`, `.open()`, `.close()`) and shows an accessible modal dialog with Pay and Fail.
// Plain ES2017 with no imports: it runs in the portal's page as is. The sandbox fills in SANDBOX_URL when it serves it.
(function () {
  'use strict';
  var SANDBOX_URL = '__SANDBOX_URL__';
  var DEFAULT_THEME = '#3399cc';
  var STYLE_ID = 'rzp-sandbox-style';
  var FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';
  var dialogCount = 0;

  function formatAmount(amountInSubunits, currency) {
    var value = Number(amountInSubunits) / 100;
    try {
      return new Intl.NumberFormat('en-IN', { style: 'currency', currency: currency || 'INR' }).format(value);
    } catch (error) {
      return (currency || 'INR') + ' ' + value.toFixed(2);
    }
  }

  function addStyles() {
    if (document.getElementById(STYLE_ID)) return;
    var style = document.createElement('style');
    style.id = STYLE_ID;
    style.textContent = [
      '.rzp-sandbox-backdrop{position:fixed;inset:0;z-index:2147483000;background:rgba(15,23,42,.6);display:flex;align-items:center;justify-content:center;padding:16px}',
      '.rzp-sandbox-dialog{background:#fff;color:#1f2937;border-radius:12px;max-width:380px;width:100%;box-shadow:0 20px 50px rgba(0,0,0,.35);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;overflow:hidden}',
      '.rzp-sandbox-header{color:#fff;padding:16px 48px 16px 20px;position:relative}',
      '.rzp-sandbox-header h2{margin:0;font-size:1.15rem;line-height:1.3}',
      '.rzp-sandbox-header p{margin:4px 0 0;opacity:.95;font-size:.95rem}',
      '.rzp-sandbox-close{position:absolute;top:8px;right:8px;width:40px;height:40px;border:0;border-radius:50%;background:rgba(0,0,0,.25);color:#fff;font-size:1.4rem;line-height:1;cursor:pointer}',
      '.rzp-sandbox-body{padding:20px}',
      '.rzp-sandbox-amount{font-size:1.6rem;font-weight:700;margin:0 0 4px}',
      '.rzp-sandbox-note{color:#4b5563;font-size:.9rem;margin:0 0 16px}',
      '.rzp-sandbox-actions{display:flex;gap:12px}',
      '.rzp-sandbox-actions button{flex:1;min-height:44px;border:0;border-radius:8px;font:inherit;font-weight:600;cursor:pointer}',
      '.rzp-sandbox-pay{color:#fff}',
      '.rzp-sandbox-fail{background:#fee4e2;color:#912018}',
      '.rzp-sandbox-dialog button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}',
      '.rzp-sandbox-dialog button[disabled]{opacity:.6;cursor:progress}',
      '.rzp-sandbox-status{min-height:1.5em;margin:12px 0 0;color:#b42318;font-size:.9rem}'
    ].join('\n');
    document.head.appendChild(style);
  }

  function postJson(path, body) {
    return fetch(SANDBOX_URL + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body)
    }).then(function (response) {
      return response.json().then(function (data) {
        if (!response.ok) {
          var message = data && data.error && data.error.description ? data.error.description : 'HTTP ' + response.status;
          throw new Error(message);
        }
        return data;
      });
    });
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || !options.key) throw new Error('No key passed');
    this.options = options;
    this.failureHandlers = [];
    this.dialog = null;
  }

  Razorpay.prototype.on = function (eventName, callback) {
    if (eventName === 'payment.failed' && typeof callback === 'function') this.failureHandlers.push(callback);
    return this;
  };

  Razorpay.prototype.open = function () {
    if (this.dialog) return this;
    addStyles();
    var self = this;
    var options = this.options;
    var prefill = options.prefill || {};
    var theme = (options.theme && options.theme.color) || DEFAULT_THEME;
    var id = 'rzp-sandbox-' + (++dialogCount);
    this.previousFocus = document.activeElement;

    var backdrop = element('div', 'rzp-sandbox-backdrop');
    var dialog = element('div', 'rzp-sandbox-dialog');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-labelledby', id + '-title');
    dialog.setAttribute('aria-describedby', id + '-amount');

    var header = element('div', 'rzp-sandbox-header');
    header.style.background = theme;
    var title = element('h2', '', options.name || 'Payment');
    title.id = id + '-title';
    header.appendChild(title);
    if (options.description) header.appendChild(element('p', '', options.description));
    var closeButton = element('button', 'rzp-sandbox-close', '\u00d7');
    closeButton.type = 'button';
    closeButton.setAttribute('aria-label', 'Close');
    header.appendChild(closeButton);

    var body = element('div', 'rzp-sandbox-body');
    var amount = element('p', 'rzp-sandbox-amount', formatAmount(options.amount, options.currency));
    amount.id = id + '-amount';
    body.appendChild(amount);
    var payer = prefill.email || prefill.name;
    body.appendChild(element('p', 'rzp-sandbox-note', 'Sandbox payment' + (payer ? ' by ' + payer : '') + '. No money moves.'));
    var actions = element('div', 'rzp-sandbox-actions');
    var payButton = element('button', 'rzp-sandbox-pay', 'Pay');
    payButton.type = 'button';
    payButton.style.background = theme;
    var failButton = element('button', 'rzp-sandbox-fail', 'Fail');
    failButton.type = 'button';
    actions.appendChild(payButton);
    actions.appendChild(failButton);
    body.appendChild(actions);
    var status = element('p', 'rzp-sandbox-status');
    status.setAttribute('role', 'status');
    status.setAttribute('aria-live', 'polite');
    body.appendChild(status);

    dialog.appendChild(header);
    dialog.appendChild(body);
    backdrop.appendChild(dialog);
    document.body.appendChild(backdrop);
    this.dialog = backdrop;

    function setBusy(busy) {
      payButton.disabled = busy;
      failButton.disabled = busy;
      dialog.setAttribute('aria-busy', busy ? 'true' : 'false');
    }

    function paymentRequest() {
      return {
        key: options.key,
        order_id: options.order_id,
        email: prefill.email,
        contact: prefill.contact,
        description: options.description
      };
    }

    this.keydownListener = function (event) {
      if (event.key === 'Escape') {
        if (!options.modal || options.modal.escape !== false) {
          event.preventDefault();
          self.dismiss();
        }
        return;
      }
      if (event.key !== 'Tab') return;
      // Keep focus inside the dialog while it is open.
      var focusable = Array.prototype.slice.call(dialog.querySelectorAll(FOCUSABLE));
      if (focusable.length === 0) return;
      var first = focusable[0];
      var last = focusable[focusable.length - 1];
      var inside = dialog.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', this.keydownListener, true);
    this.focusListener = function (event) {
      if (self.dialog && !dialog.contains(event.target)) payButton.focus();
    };
    document.addEventListener('focusin', this.focusListener, true);

    closeButton.addEventListener('click', function () { self.dismiss(); });

    payButton.addEventListener('click', function () {
      setBusy(true);
      status.textContent = 'Processing payment\u2026';
      postJson('razorpay/checkout/pay', paymentRequest()).then(function (response) {
        self.close();
        if (typeof options.handler === 'function') options.handler(response);
      }, function (error) {
        setBusy(false);
        status.textContent = 'Payment could not be completed: ' + error.message;
      });
    });

    failButton.addEventListener('click', function () {
      setBusy(true);
      status.textContent = 'Processing payment\u2026';
      postJson('razorpay/checkout/fail', paymentRequest()).then(function (failure) {
        setBusy(false);
        // Like Razorpay's Checkout, the dialog stays open after a failure so the payer can try again.
        status.textContent = 'Payment failed. You can try again or close this window.';
        self.failureHandlers.forEach(function (callback) { callback(failure); });
      }, function (error) {
        setBusy(false);
        status.textContent = 'Payment could not be completed: ' + error.message;
      });
    });

    payButton.focus();
    return this;
  };

  /** Closes without telling the merchant (Razorpay's rzp.close()). */
  Razorpay.prototype.close = function () {
    if (!this.dialog) return;
    document.removeEventListener('keydown', this.keydownListener, true);
    document.removeEventListener('focusin', this.focusListener, true);
    this.dialog.parentNode.removeChild(this.dialog);
    this.dialog = null;
    if (this.previousFocus && typeof this.previousFocus.focus === 'function') this.previousFocus.focus();
  };

  /** Closed by the payer (close button, Escape): modal.ondismiss is called. */
  Razorpay.prototype.dismiss = function () {
    if (!this.dialog) return;
    this.close();
    if (this.options.modal && typeof this.options.modal.ondismiss === 'function') this.options.modal.ondismiss();
  };

  window.Razorpay = Razorpay;
})();
