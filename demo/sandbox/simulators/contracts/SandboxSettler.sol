// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {IERC20} from '@openzeppelin/contracts/token/ERC20/IERC20.sol';
import {SafeERC20} from '@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol';

interface ISandboxV2Router {
  function swapExactTokensForTokens(
    uint256 amountIn,
    uint256 amountOutMin,
    address[] calldata path,
    address to,
    uint256 deadline
  ) external returns (uint256[] memory amounts);
}

interface ISandboxWrappedNative {
  function deposit() external payable;

  function withdraw(uint256 amount) external;
}

/// @title SandboxSettler
/// @notice The sandbox stand-in for an aggregator's on-chain entry point (0x AllowanceHolder, LI.FI Diamond).
/// The taker approves this contract for exactly the sell amount (or sends the native coin as msg.value); it
/// takes the stated fees, swaps along a Uniswap V2 path, enforces the stated minimum and pays the recipient.
contract SandboxSettler {
  using SafeERC20 for IERC20;

  /// @notice Placeholder for the chain's native coin, as 0x and CoW spell it.
  address public constant NATIVE = 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE;

  ISandboxV2Router public immutable router;
  ISandboxWrappedNative public immutable wrappedNative;

  /// @param recipient receives the fee.
  /// @param ppm share, in parts per million, of the sell amount (inBuyToken false) or of the swap output (inBuyToken true).
  struct Fee {
    address recipient;
    uint256 ppm;
    bool inBuyToken;
  }

  struct Order {
    address sellToken;
    address buyToken;
    uint256 sellAmount;
    uint256 minBuyAmount;
    address[] path;
    address recipient;
    uint256 deadline;
    Fee[] fees;
  }

  event Settled(
    address indexed taker,
    address indexed recipient,
    address sellToken,
    address buyToken,
    uint256 sellAmount,
    uint256 buyAmount
  );

  constructor(address router_, address wrappedNative_) {
    router = ISandboxV2Router(router_);
    wrappedNative = ISandboxWrappedNative(wrappedNative_);
  }

  receive() external payable {
    require(msg.sender == address(wrappedNative), 'SandboxSettler: NATIVE_FROM_UNKNOWN');
  }

  /// @notice Executes one order for msg.sender. Returns what the recipient received.
  function settle(Order calldata order) external payable returns (uint256 bought) {
    require(block.timestamp <= order.deadline, 'SandboxSettler: EXPIRED');
    require(order.path.length >= 1 && order.path.length <= 4, 'SandboxSettler: INVALID_PATH');
    require(order.fees.length <= 8, 'SandboxSettler: TOO_MANY_FEES');
    require(order.recipient != address(0), 'SandboxSettler: ZERO_RECIPIENT');
    bool nativeIn = order.sellToken == NATIVE;
    bool nativeOut = order.buyToken == NATIVE;
    require(order.path[0] == (nativeIn ? address(wrappedNative) : order.sellToken), 'SandboxSettler: PATH_START');
    require(
      order.path[order.path.length - 1] == (nativeOut ? address(wrappedNative) : order.buyToken),
      'SandboxSettler: PATH_END'
    );

    if (nativeIn) {
      require(msg.value == order.sellAmount, 'SandboxSettler: VALUE');
    } else {
      require(msg.value == 0, 'SandboxSettler: VALUE');
      IERC20(order.sellToken).safeTransferFrom(msg.sender, address(this), order.sellAmount);
    }

    uint256 swapIn = order.sellAmount;
    uint256 totalPpm;
    for (uint256 i = 0; i < order.fees.length; i++) {
      Fee calldata fee = order.fees[i];
      require(fee.recipient != address(0), 'SandboxSettler: ZERO_FEE_RECIPIENT');
      totalPpm += fee.ppm;
      if (fee.inBuyToken) continue;
      // Floor, the same rounding the simulators state in their quotes.
      uint256 amount = (order.sellAmount * fee.ppm) / 1e6;
      swapIn -= amount;
      _pay(order.sellToken, fee.recipient, amount);
    }
    require(totalPpm <= 1e6, 'SandboxSettler: FEE_TOO_HIGH');

    if (nativeIn) wrappedNative.deposit{value: swapIn}();

    uint256 out = swapIn;
    if (order.path.length > 1) {
      IERC20(order.path[0]).forceApprove(address(router), swapIn);
      uint256[] memory amounts = router.swapExactTokensForTokens(
        swapIn,
        0,
        order.path,
        address(this),
        order.deadline
      );
      out = amounts[amounts.length - 1];
    }
    if (nativeOut) wrappedNative.withdraw(out);

    bought = out;
    for (uint256 i = 0; i < order.fees.length; i++) {
      Fee calldata fee = order.fees[i];
      if (!fee.inBuyToken) continue;
      uint256 amount = (out * fee.ppm) / 1e6;
      bought -= amount;
      _pay(order.buyToken, fee.recipient, amount);
    }
    require(bought >= order.minBuyAmount, 'SandboxSettler: INSUFFICIENT_OUTPUT');
    _pay(order.buyToken, order.recipient, bought);
    emit Settled(msg.sender, order.recipient, order.sellToken, order.buyToken, order.sellAmount, bought);
  }

  function _pay(address token, address to, uint256 amount) private {
    if (amount == 0) return;
    if (token == NATIVE) {
      (bool ok, ) = to.call{value: amount}('');
      require(ok, 'SandboxSettler: NATIVE_TRANSFER_FAILED');
    } else {
      IERC20(token).safeTransfer(to, amount);
    }
  }
}
